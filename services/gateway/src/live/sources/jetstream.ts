import { createHash } from 'node:crypto';
import {
  AckPolicy,
  type Consumer,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { LiveEntry, RawEvent } from '../entry.ts';
import type { Source, SourceHandlers } from './source.ts';

export interface StreamAccess {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
}

export const HISTORY_MOVED_ON = 'History moved on; reload to see the latest.';

/**
 * The identity of a stream's history: its name and creation time. Deleting and re-creating the
 * stream restarts sequences at 1, and changes the epoch, so an old offset can never be mistaken
 * for a new one. Every gateway instance computes the same epoch for the same stream.
 */
export function epochOf(info: StreamInfo): string {
  return createHash('sha256').update(`${info.config.name}|${info.created}`).digest('base64url').slice(0, 12);
}

const CHECK_ON = new Set([
  'heartbeats_missed',
  'stream_not_found',
  'consumer_not_found',
  'consumer_deleted',
  'ordered_consumer_recreated',
  'reset',
]);

/**
 * One topic's events out of JetStream: an ordered consumer (filtered to the topic's subjects,
 * starting right after the stream's last sequence) delivers live messages with their stream
 * sequence, which becomes the event's offset. History for the ring and for resumes is read with
 * short-lived ordered consumers from a given sequence.
 */
export class JetStreamSource implements Source {
  epoch = '';
  private messages: ConsumerMessages | null = null;
  private consumer: Consumer | null = null;
  private checking = false;

  private readonly access: StreamAccess;
  private readonly filters: string[];
  private readonly decode: (raw: RawEvent) => LiveEntry;
  private readonly opts: { history: number; replayMax: number };

  constructor(
    access: StreamAccess,
    filters: string[],
    decode: (raw: RawEvent) => LiveEntry,
    opts: { history: number; replayMax: number },
  ) {
    this.access = access;
    this.filters = filters;
    this.decode = decode;
    this.opts = opts;
  }

  async start(h: SourceHandlers) {
    const { js, jsm, stream } = this.access;
    const info = await jsm.streams.info(stream);
    this.epoch = epochOf(info);
    const last = info.state.last_seq;
    const consumer = await js.consumers.get(stream, {
      filter_subjects: this.filters,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: last + 1,
    });
    this.consumer = consumer;
    let seen = last;
    this.messages = await consumer.consume({
      callback: (m) => {
        // The ordered consumer never goes backwards unless the stream was replaced under it.
        if (m.seq <= seen) return void this.check(h, true);
        seen = m.seq;
        h.entry(this.decode(this.raw(m)));
      },
    });
    void this.watch(this.messages, h);
    const history = await this.latest(info.state.first_seq, last);
    return { history, liveFrom: last + 1 };
  }

  async replay(after: number, upTo: number): Promise<LiveEntry[] | null> {
    const info = await this.access.jsm.streams.info(this.access.stream).catch(() => null);
    if (!info || epochOf(info) !== this.epoch) return null;
    // Removed by age, size or a purge: the stream no longer starts right after `after`.
    if (after + 1 < info.state.first_seq) return null;
    const perSubject = info.config.max_msgs_per_subject;
    if (perSubject > 0 && !(await this.keptSince(after, perSubject))) return null;
    if (upTo <= after) return [];
    return this.read(after + 1, upTo, this.opts.replayMax);
  }

  async stop() {
    await this.messages?.close().catch(() => undefined);
    // Closing only stops pulling; deleting frees the server's consumer now, not after it idles out.
    await this.consumer?.delete().catch(() => false);
    this.messages = null;
    this.consumer = null;
  }

  private raw(m: JsMsg): RawEvent {
    return {
      epoch: this.epoch,
      offset: m.seq,
      subject: m.subject,
      at: Math.round(m.info.timestampNanos / 1e6),
      data: m.data,
    };
  }

  private async watch(messages: ConsumerMessages, h: SourceHandlers) {
    for await (const s of messages.status()) {
      if (CHECK_ON.has(s.type)) void this.check(h, false);
    }
  }

  /** Fails the topic when its stream is gone or was replaced (a new epoch). */
  private async check(h: SourceHandlers, wentBack: boolean) {
    if (this.checking || !this.messages) return;
    this.checking = true;
    try {
      const info = await this.access.jsm.streams.info(this.access.stream).catch((err: Error) => {
        return /not found/i.test(err.message) ? null : undefined;
      });
      if (info === undefined && !wentBack) return; // NATS unreachable: the consumer will retry
      if (!info || epochOf(info) !== this.epoch || wentBack) h.fail(HISTORY_MOVED_ON);
    } finally {
      this.checking = false;
    }
  }

  /**
   * A subject at its per-subject limit drops its oldest messages; if its oldest kept message is
   * newer than `after`, something after `after` may have been dropped. Conservative: it may send
   * a browser to reload when nothing was lost, never the other way round.
   */
  private async keptSince(after: number, limit: number): Promise<boolean> {
    const { jsm, stream } = this.access;
    for (const filter of this.filters) {
      const info = await jsm.streams.info(stream, { subjects_filter: filter });
      for (const [subject, count] of Object.entries(info.state.subjects ?? {})) {
        if (count < limit) continue;
        const first = await jsm.direct.getMessage(stream, { seq: 0, next_by_subj: subject });
        if (first && first.seq > after) return false;
      }
    }
    return true;
  }

  /**
   * The last `history` entries up to `last`. JetStream has no "last N of a filter", so windows
   * ending at `last` grow eightfold until they hold enough (counted by a throwaway consumer's
   * pending count), then that window is read.
   */
  private async latest(first: number, last: number): Promise<LiveEntry[]> {
    const want = this.opts.history;
    if (last < first || last === 0) return [];
    let window = want * 4;
    let start = Math.max(first, last - window + 1);
    let count = await this.countFrom(start);
    while (count < want && start > first) {
      window *= 8;
      start = Math.max(first, last - window + 1);
      count = await this.countFrom(start);
    }
    if (count === 0) return [];
    return ((await this.read(start, last, Number.POSITIVE_INFINITY)) ?? []).slice(-want);
  }

  private async countFrom(start: number): Promise<number> {
    const { jsm, stream } = this.access;
    const ci = await jsm.consumers.add(stream, {
      filter_subjects: this.filters,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
      ack_policy: AckPolicy.None,
      mem_storage: true,
      inactive_threshold: 10_000_000_000,
    });
    await jsm.consumers.delete(stream, ci.name).catch(() => false);
    return ci.num_pending;
  }

  /** Entries from `start` to `upTo` in order, or null past `max` of them. */
  private async read(start: number, upTo: number, max: number): Promise<LiveEntry[] | null> {
    const { js, stream } = this.access;
    const consumer = await js.consumers.get(stream, {
      filter_subjects: this.filters,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const out: LiveEntry[] = [];
    try {
      for (;;) {
        const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
        let got = 0;
        let done = false;
        for await (const m of batch) {
          got += 1;
          if (m.seq > upTo) done = true;
          else out.push(this.decode(this.raw(m)));
          if (out.length > max) return null;
          if (done || m.seq === upTo || m.info.pending === 0) {
            done = true;
            break;
          }
        }
        if (done || got === 0) return out;
      }
    } finally {
      await consumer.delete().catch(() => false);
    }
  }
}
