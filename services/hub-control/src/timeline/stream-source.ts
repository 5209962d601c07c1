import { newer, streamKey, type TimelineEntry, type TimelinePosition } from '@console/contracts';
import type { JetStreamClient, JetStreamManager, StreamInfo } from '@nats-io/jetstream';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import {
  iso,
  type PageContext,
  runsOf,
  type StoredMessage,
  streamEntry,
  streamFirstTime,
  type Window,
} from './timeline-parts.ts';

/** How many stream messages one page may read before giving up on a wider window. */
const READ_CAP = 50_000;
/** Deleted stream positions considered for gap rows (a purge by sequence moves the first sequence instead). */
const DELETED_RUNS_MAX = 50;

/** The timeline's hub-stream source: the hub's messages and presence, and gap rows where history was not kept. */
export class HubStreamSource {
  private readonly js: JetStreamClient;
  private readonly jsm: JetStreamManager;
  private readonly stream: string;
  private readonly subjects: FastifyInstance['subjects'];

  constructor(
    js: JetStreamClient,
    jsm: JetStreamManager,
    stream: string,
    subjects: FastifyInstance['subjects'],
  ) {
    this.js = js;
    this.jsm = jsm;
    this.stream = stream;
    this.subjects = subjects;
  }

  async fromStream(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    const filters = [this.subjects.hubMsgAll(ctx.hubId), this.subjects.hubPresence(ctx.hubId)];
    const firstKept = Math.max(ctx.from, streamFirstTime(ctx.info));
    let raw: StoredMessage[];
    if (w.direction === 'newer') {
      // A ms early: stored times are nanoseconds, and a rounding at the edge must not lose a message.
      const start = await this.seqAt(Math.max(w.cursor.at, firstKept) - 1, ctx.info);
      raw = await this.readFrom(filters, start, Number.POSITIVE_INFINITY, w.limit + 1, w.cursor);
    } else {
      // JetStream reads forward only: windows of positions ending at the cursor grow eightfold
      // until they hold a page (the broker skips other hubs' messages itself).
      const [low, end] = await Promise.all([
        this.seqAt(firstKept - 1, ctx.info),
        this.seqAt(w.cursor.at + 2, ctx.info),
      ]);
      let width = w.limit * 4;
      for (;;) {
        const start = Math.max(low, end - width);
        raw = await this.readFrom(filters, start, end, READ_CAP, null);
        const before = raw.filter((r) => newer(w.cursor, { at: r.at, key: streamKey(r.seq) }));
        if (before.length >= w.limit || start <= low) {
          raw = before.slice(-(w.limit + 1));
          break;
        }
        width *= 8;
      }
    }
    const entries = raw.map((r) => streamEntry(r, ctx.hubId));
    return [...entries, ...(await this.gaps(ctx, filters, entries))];
  }

  /**
   * The first stream sequence stored at or after `ms` (last + 1 when none): a binary search over
   * direct gets. (A consumer started "by start time" with several subject filters was seen to skip
   * matching messages near the start on nats-server 2.11, so positions are found here instead.)
   */
  private async seqAt(ms: number, info: StreamInfo): Promise<number> {
    const any = this.subjects.hubAll();
    let lo = info.state.first_seq;
    let hi = info.state.last_seq + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const m = await this.jsm.direct
        .getMessage(this.stream, { seq: mid, next_by_subj: any })
        .catch(() => null);
      if (!m || m.time.getTime() >= ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * The hub's stored messages from position `start` up to (not including) `end`, at most `max`
   * (entries not beyond `after` are skipped). An ephemeral consumer says how many wait, so an
   * empty range costs no fetch timeout.
   */
  private async readFrom(
    filters: string[],
    start: number,
    end: number,
    max: number,
    after: TimelinePosition | null,
  ): Promise<StoredMessage[]> {
    if (start >= end) return [];
    const ci = await this.jsm.consumers.add(this.stream, {
      filter_subjects: filters,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
      ack_policy: AckPolicy.None,
      mem_storage: true,
      inactive_threshold: 30_000_000_000,
    });
    const out: StoredMessage[] = [];
    try {
      let pending = ci.num_pending;
      if (pending === 0) return out;
      const consumer = await this.js.consumers.get(this.stream, ci.name);
      while (pending > 0 && out.length < max) {
        const batch = await consumer.fetch({ max_messages: Math.min(500, pending), expires: 2000 });
        let got = 0;
        let stop = false;
        for await (const m of batch) {
          got += 1;
          pending = m.info.pending;
          const at = Math.floor(m.info.timestampNanos / 1e6);
          if (m.seq >= end) {
            stop = true;
            break;
          }
          if (after && !newer({ at, key: streamKey(m.seq) }, after)) continue;
          out.push({ seq: m.seq, subject: m.subject, at, data: m.data });
          if (out.length >= max) break;
        }
        if (stop || got === 0) break;
      }
      return out;
    } finally {
      await this.jsm.consumers.delete(this.stream, ci.name).catch(() => false);
    }
  }

  /**
   * Gap rows: where the stream no longer holds what the asked span covers — before the stream's
   * first kept message, before the oldest kept message of a subject that hit its per-subject
   * limit, and deleted positions between this hub's entries. Never hidden by a filter.
   */
  private async gaps(
    ctx: PageContext,
    filters: string[],
    entries: TimelineEntry[],
  ): Promise<TimelineEntry[]> {
    const out: TimelineEntry[] = [];
    const first = streamFirstTime(ctx.info);
    if (first > ctx.from)
      out.push({
        key: 'g:start',
        source: 'gap',
        at: first - 1,
        until: first,
        title: `History not kept before ${iso(first)}: the hub stream's oldest message is from then (retention).`,
        data: { from: ctx.from, to: first, firstSeq: ctx.info.state.first_seq },
      });
    const perSubject = ctx.info.config.max_msgs_per_subject;
    // The broker is asked everything at once (each of these is one round trip, none needs another's answer).
    if (perSubject > 0) {
      const infos = await Promise.all(
        filters.map((filter) =>
          this.jsm.streams.info(this.stream, { subjects_filter: filter }).catch(() => null),
        ),
      );
      const full = infos.flatMap((si) =>
        Object.entries(si?.state.subjects ?? {})
          .filter(([, count]) => count >= perSubject)
          .map(([subject]) => subject),
      );
      const oldest = await Promise.all(
        full.map((subject) =>
          this.jsm.direct.getMessage(this.stream, { seq: 0, next_by_subj: subject }).catch(() => null),
        ),
      );
      full.forEach((subject, i) => {
        const first = oldest[i];
        if (!first) return;
        const t = first.time.getTime();
        if (t <= ctx.from) return;
        const name = subject.split('.').slice(-2).join('.');
        out.push({
          key: `g:subject:${name}`,
          source: 'gap',
          at: t - 1,
          until: t,
          title: `Older ${name} messages not kept: this subject keeps its newest ${perSubject}.`,
          data: { subject, limit: perSubject, oldestKeptSeq: first.seq },
        });
      });
    }
    const deleted = ctx.info.state.deleted ?? [];
    if (deleted.length > 0 && entries.length > 0) {
      const onPage = new Map(entries.map((e) => [e.seq, e]));
      const hubAll = this.subjects.hubAll().replace(/hub\.>$/, `hub.${ctx.hubId}.>`);
      const runs = runsOf(deleted).slice(-DELETED_RUNS_MAX);
      const nexts = await Promise.all(
        runs.map((run) =>
          this.jsm.direct
            .getMessage(this.stream, { seq: run.last + 1, next_by_subj: hubAll })
            .catch(() => null),
        ),
      );
      runs.forEach((run, i) => {
        // Shown above the hub's next kept entry after the hole, when that entry is on this page.
        const next = nexts[i];
        const entry = next ? onPage.get(next.seq) : undefined;
        if (!entry) return;
        out.push({
          key: `g:deleted:${run.first}`,
          source: 'gap',
          at: entry.at,
          title: `${run.last - run.first + 1} stream position(s) removed (sequence ${run.first}–${run.last}); messages of this hub may have been among them.`,
          data: { firstSeq: run.first, lastSeq: run.last },
        });
      });
    }
    return out;
  }
}
