import { streamEpoch } from '@console/kit';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import type { LiveEntry, RawEvent } from '../entry.ts';
import { republishHeaders } from './republish-headers.ts';
import type { Source, SourceHandlers } from './source.ts';

export interface StreamAccess {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  /** Where the stream re-publishes what it stores under `filter` (`Subjects.hubLive`). */
  liveSubject: (filter: string) => string;
}

export const HISTORY_MOVED_ON = 'History moved on; reload to see the latest.';

/**
 * The identity of a stream's history: its name and creation time. Deleting and re-creating the
 * stream restarts sequences at 1, and changes the epoch, so an old offset can never be mistaken
 * for a new one. Every fan-out instance computes the same epoch for the same stream.
 */
export function epochOf(info: StreamInfo): string {
  return streamEpoch(info);
}

/** One stored hub message as JetStream re-published it on `live.hub.…`. */
interface Republished {
  seq: number;
  /** The previous stored sequence of the same subject (0: none). */
  prevOfSubject: number;
  subject: string;
  at: number;
  data: Uint8Array;
}

function republished(m: Msg): Republished | null {
  const h = republishHeaders(m);
  const seq = Number(h?.sequence);
  const subject = h?.subject;
  if (!h || !Number.isSafeInteger(seq) || seq <= 0 || !subject) return null;
  return {
    seq,
    prevOfSubject: Number(h.lastSequence) || 0,
    subject,
    at: Date.parse(h.timestamp ?? '') || Date.now(),
    data: m.data,
  };
}

/**
 * One topic's events out of JetStream. Live messages come from the stream's re-publication on
 * `live.hub.…` (plain subscriptions: the broker keeps no consumer per panel), each with its stream
 * sequence, which becomes the event's offset. The subscriptions are open before the stream's last
 * sequence is read, so everything stored after that read arrives; everything before is history.
 * Each message names the previous sequence of its subject: one that should have come live and did
 * not is read back from the stream before anything later is passed on, or, when something later
 * has been passed on already, the topic fails (its watchers are told to reload): a dropped
 * message never leaves a silent gap. (Messages are dropped only when the broker link drops, and
 * then every topic is dropped with it: see `LiveFanout.brokerLost`.) History for the ring and for resumes is read with short-lived
 * ordered consumers from a given sequence.
 */
export class JetStreamSource implements Source {
  epoch = '';
  private subs: Subscription[] = [];
  private stopped = false;
  /** The last offset passed on, and the first one that comes live. */
  private seen = 0;
  private liveFrom = 0;
  /** Per subject, the last sequence passed on (only subjects seen live). */
  private readonly lastOfSubject = new Map<string, number>();
  /** Messages held while a gap is read back (or before the start point is known). */
  private held: Republished[] | null = [];

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
    const { nc, jsm, stream, liveSubject } = this.access;
    this.subs = this.filters.map((f) =>
      nc.subscribe(liveSubject(f), {
        callback: (err, m) => {
          if (err) return h.fail(HISTORY_MOVED_ON);
          const r = republished(m);
          if (r) this.take(r, h);
        },
      }),
    );
    // The server has our interest before we ask where the stream stands.
    await nc.flush();
    const info = await jsm.streams.info(stream);
    this.epoch = epochOf(info);
    const last = info.state.last_seq;
    this.seen = last;
    this.liveFrom = last + 1;
    this.release(h);
    const history = await this.latest(info.state.first_seq, last);
    return { history, liveFrom: last + 1 };
  }

  private take(r: Republished, h: SourceHandlers) {
    if (this.stopped) return;
    if (this.held) return void this.held.push(r);
    if (r.seq <= this.seen) return; // stored before the start point, or a repeat
    const prev = r.prevOfSubject;
    if (prev >= this.liveFrom && this.lastOfSubject.get(r.subject) !== prev) {
      // Something later was passed on already: the missed one cannot be put back in its place.
      if (prev <= this.seen) return h.fail(HISTORY_MOVED_ON);
      this.held = [r];
      return void this.readBack(r, h);
    }
    this.pass(r, h);
  }

  private pass(r: Republished, h: SourceHandlers) {
    this.seen = r.seq;
    this.lastOfSubject.set(r.subject, r.seq);
    h.entry(this.decode({ epoch: this.epoch, offset: r.seq, subject: r.subject, at: r.at, data: r.data }));
  }

  /** Passes on what was held, in order (each checked again). */
  private release(h: SourceHandlers) {
    const held = this.held ?? [];
    this.held = null;
    for (const r of held.sort((a, b) => a.seq - b.seq)) this.take(r, h);
  }

  /** A message of `r`'s subject never came live: everything stored before `r` is read back first. */
  private async readBack(r: Republished, h: SourceHandlers) {
    const missed = await this.readRaw(this.seen + 1, r.seq - 1, this.opts.replayMax).catch(() => null);
    if (this.stopped) return;
    if (missed === null) return h.fail(HISTORY_MOVED_ON);
    for (const m of missed) if (m.seq > this.seen) this.pass(m, h);
    // Whatever the stream no longer holds of that subject is gone: do not ask again.
    this.lastOfSubject.set(r.subject, r.prevOfSubject);
    this.release(h);
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
    this.stopped = true;
    for (const sub of this.subs) sub.unsubscribe();
    this.subs = [];
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
    const raw = await this.readRaw(start, upTo, max);
    return raw === null
      ? null
      : raw.map((r) =>
          this.decode({ epoch: this.epoch, offset: r.seq, subject: r.subject, at: r.at, data: r.data }),
        );
  }

  /** Stored messages of this topic from `start` to `upTo` in order, or null past `max` of them. */
  private async readRaw(start: number, upTo: number, max: number): Promise<Republished[] | null> {
    if (upTo < start) return [];
    const { js, stream } = this.access;
    const consumer = await js.consumers.get(stream, {
      filter_subjects: this.filters,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const out: Republished[] = [];
    try {
      for (;;) {
        const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
        let got = 0;
        let done = false;
        for await (const m of batch) {
          got += 1;
          if (m.seq > upTo) done = true;
          else
            out.push({
              seq: m.seq,
              prevOfSubject: 0,
              subject: m.subject,
              at: Math.round(m.info.timestampNanos / 1e6),
              data: m.data,
            });
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
