import {
  byTimelineOrder,
  COLLECTIONS,
  clientTypeOf,
  decodeCursor,
  encodeCursor,
  hubOfSubject,
  newer,
  streamKey,
  streamNames,
  TIMELINE,
  TIMELINE_TEXT,
  type TimelineEntry,
  type TimelineFocus,
  type TimelinePage,
  type TimelinePosition,
} from '@console/contracts';
import { jsonObjectOf, streamEpoch } from '@console/kit';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Collection, Db, Document, Filter } from 'mongodb';

declare module 'fastify' {
  interface FastifyInstance {
    timeline: HubTimeline;
  }
}

/** What the console's filters ask (the live monitor's, shared). */
export interface TimelineFilter {
  clientTypes?: string[];
  classes?: string[];
  operations?: string[];
  text?: string;
}

export interface TimelineQuery {
  hubId: number;
  before?: string;
  after?: string;
  limit: number;
  filter: TimelineFilter;
  focus?: { epoch?: string; seq?: number; at?: number };
  now?: number;
  /**
   * The newest entries of the hub stream alone (with its gaps): the stored records, which cost
   * FerretDB a scan of the hub's records per source, are not read. The console shows this while
   * the whole first page loads; it has no cursors.
   */
  streamOnly?: boolean;
}

type Direction = 'older' | 'newer';

/** One source's part of a page: its entries beyond the cursor in the page's direction, nearest first. */
interface Window {
  cursor: TimelinePosition;
  direction: Direction;
  /** The oldest time the timeline covers. */
  from: number;
  limit: number;
}

interface StoredMessage {
  seq: number;
  subject: string;
  at: number;
  data: Uint8Array;
}

const decoder = new TextDecoder();
const iso = (ms: number) => new Date(ms).toISOString();
const time = (d: unknown): number =>
  d instanceof Date ? d.getTime() : typeof d === 'string' ? Date.parse(d) : NaN;
/** How many stream messages one page may read before giving up on a wider window. */
const READ_CAP = 50_000;
/** Deleted stream positions considered for gap rows (a purge by sequence moves the first sequence instead). */
const DELETED_RUNS_MAX = 50;
/** Older pages read stored records from a snapshot at most this old. */
const SNAPSHOT_MS = 60_000;
/** At most this many records of one source in a snapshot; past them the store is asked. */
const SNAPSHOT_MAX = 20_000;
/** Snapshots kept (hub × source), the oldest dropped first. */
const SNAPSHOT_ENTRIES = 200;

/**
 * A hub's timeline: the hub stream (messages and presence) merged with the stored records
 * (transactions, support notes of its structure, sync updates, firmware queue, annotations) and
 * explicit gap rows where history was not kept. Read-only, FerretDB-safe queries (find with
 * range, sort and limit only).
 */
export class HubTimeline {
  private readonly js: JetStreamClient;
  private readonly jsm: JetStreamManager;
  private readonly stream: string;
  private readonly db: Db;
  private readonly subjects: FastifyInstance['subjects'];
  private readonly presence: FastifyInstance['presence'];
  readonly annotations: Collection<AnnotationDoc>;
  private readonly snapshots = new Map<string, { takenAt: number; docs: Document[] }>();

  constructor(app: FastifyInstance, jsm: JetStreamManager, prefix: string) {
    this.js = jetstream(app.nats);
    this.jsm = jsm;
    this.stream = streamNames(prefix).hubMsgs;
    this.db = app.mongo;
    this.subjects = app.subjects;
    this.presence = app.presence;
    this.annotations = app.mongo.collection<AnnotationDoc>('hubannotations');
  }

  async ensureIndexes(): Promise<void> {
    await this.annotations.createIndex({ hubId: 1, from: -1 });
  }

  async page(q: TimelineQuery): Promise<TimelinePage> {
    const now = q.now ?? Date.now();
    const from = now - TIMELINE.spanMs;
    if (q.streamOnly) return this.streamPage(q, now, from);
    // Independent: the stream's state and the hub's record (its structure) are asked together.
    const [info, hub] = await Promise.all([
      this.jsm.streams.info(this.stream, { deleted_details: true }),
      this.db.collection(COLLECTIONS.hubs).findOne({ hubId: q.hubId }, { projection: { rootGroupId: 1 } }),
    ]);
    const epoch = streamEpoch(info);
    // The stored hub names its structure; a hub without a record (simulated) says it in its presence.
    const rootGroupId =
      typeof hub?.rootGroupId === 'string'
        ? hub.rootGroupId
        : ((await this.presence.get(q.hubId).catch(() => null))?.rootGroupId ?? null);
    const match = compileFilter(q.filter);
    const fresh = q.after !== undefined || (q.before === undefined && !q.focus);
    const ctx: PageContext = { hubId: q.hubId, rootGroupId, info, from, now, fresh, match };

    let focus: TimelineFocus | undefined;
    let anchor: TimelinePosition | null = null;
    let focusSeq: number | null = null;
    if (q.focus && (q.focus.seq !== undefined || q.focus.at !== undefined)) {
      const found = await this.locate(q, epoch, info);
      focus = found.focus;
      anchor = found.anchor;
      focusSeq = found.seq;
    }

    if (anchor) {
      // Half the page on each side of the entry the link names (or of the time it was at).
      const half = Math.max(1, Math.floor(q.limit / 2));
      const at = { at: anchor.at, key: anchor.key };
      const older = await this.collect(ctx, {
        cursor: { ...at, key: `${at.key}~` },
        direction: 'older',
        from,
        limit: half,
      });
      const newerPart = await this.collect(ctx, { cursor: at, direction: 'newer', from, limit: half });
      const entries = [...newerPart.entries, ...older.entries];
      if (focus) focus.key = focusKey(entries, focusSeq, anchor.at, focus.state === 'found');
      return {
        entries,
        epoch,
        older: older.exhausted ? null : cursorOf(entries.at(-1)),
        newer: newerPart.exhausted ? null : cursorOf(entries[0]),
        from,
        ...(focus ? { focus } : {}),
      };
    }

    const direction: Direction = q.after !== undefined ? 'newer' : 'older';
    const cursor =
      direction === 'newer'
        ? decodeCursor(q.after as string)
        : q.before !== undefined
          ? decodeCursor(q.before)
          : { at: now + 1, key: '' };
    const part = await this.collect(ctx, { cursor, direction, from, limit: q.limit });
    const entries = part.entries;
    const edge = cursorOf(entries[0]) ?? encodeCursor(cursor);
    return {
      entries,
      epoch,
      older:
        direction === 'older'
          ? part.exhausted
            ? null
            : cursorOf(entries.at(-1))
          : (cursorOf(entries.at(-1)) ?? encodeCursor(cursor)),
      // A page of the newest entries leaves a cursor at its newest: newer ones arrive later.
      newer: direction === 'newer' && part.exhausted && entries.length === 0 ? null : edge,
      from,
      ...(focus ? { focus } : {}),
    };
  }

  /** The newest `limit` entries of the hub stream alone (see `TimelineQuery.streamOnly`). */
  private async streamPage(q: TimelineQuery, now: number, from: number): Promise<TimelinePage> {
    const info = await this.jsm.streams.info(this.stream, { deleted_details: true });
    const ctx: PageContext = {
      hubId: q.hubId,
      rootGroupId: null,
      info,
      from,
      now,
      fresh: true,
      match: compileFilter(q.filter),
    };
    const w: Window = { cursor: { at: now + 1, key: '' }, direction: 'older', from, limit: q.limit };
    const part = await this.merge(ctx, w, [await this.fromStream(ctx, w)]);
    return { entries: part.entries, epoch: streamEpoch(info), older: null, newer: null, from, partial: true };
  }

  /** One page in one direction from every source, merged; newest first. */
  private async collect(
    ctx: PageContext,
    w: Window,
  ): Promise<{ entries: TimelineEntry[]; exhausted: boolean }> {
    if (w.direction === 'older' && w.cursor.at <= ctx.from) return { entries: [], exhausted: true };
    const parts = await Promise.all([
      this.fromStream(ctx, w),
      this.fromTransactions(ctx, w),
      this.fromNotes(ctx, w),
      this.fromSync(ctx, w),
      this.fromFirmware(ctx, w),
      this.fromAnnotations(ctx, w),
    ]);
    return this.merge(ctx, w, parts);
  }

  /** The sources' parts of a page, merged: the `limit` nearest beyond the cursor, newest first. */
  private merge(
    ctx: PageContext,
    w: Window,
    parts: TimelineEntry[][],
  ): { entries: TimelineEntry[]; exhausted: boolean } {
    const beyond = (e: TimelineEntry) =>
      w.direction === 'older' ? newer(w.cursor, e) && e.at >= ctx.from : newer(e, w.cursor);
    const all = parts
      .flat()
      .filter(beyond)
      .filter((e) => e.source === 'gap' || ctx.match(e));
    all.sort(byTimelineOrder);
    // Every source returned its `limit` nearest; the merged page is the `limit` nearest of all.
    const taken = w.direction === 'older' ? all.slice(0, w.limit) : all.slice(-w.limit);
    return { entries: taken, exhausted: all.length <= w.limit };
  }

  /** Where a link points: the entry, or why not and the time to open at instead. */
  private async locate(
    q: TimelineQuery,
    epoch: string,
    info: StreamInfo,
  ): Promise<{ focus: TimelineFocus; anchor: TimelinePosition; seq: number | null }> {
    const at = q.focus?.at ?? Date.now();
    const seq = q.focus?.seq;
    if (q.focus?.epoch !== undefined && q.focus.epoch !== epoch)
      return {
        focus: { state: 'epochChanged', message: TIMELINE_TEXT.epochChanged, key: null },
        anchor: { at, key: '~' },
        seq: null,
      };
    if (seq === undefined)
      return { focus: { state: 'time', message: null, key: null }, anchor: { at, key: '~' }, seq: null };
    const stored =
      seq >= info.state.first_seq && seq <= info.state.last_seq
        ? await this.jsm.direct.getMessage(this.stream, { seq }).catch(() => null)
        : null;
    if (!stored)
      return {
        focus: { state: 'removed', message: TIMELINE_TEXT.removed, key: null },
        anchor: { at, key: '~' },
        seq: null,
      };
    if (hubOfSubject(stored.subject) !== String(q.hubId))
      return {
        focus: { state: 'notThisHub', message: TIMELINE_TEXT.notThisHub, key: null },
        anchor: { at: stored.time.getTime(), key: '~' },
        seq: null,
      };
    return {
      focus: { state: 'found', message: null, key: streamKey(seq) },
      anchor: { at: stored.time.getTime(), key: streamKey(seq) },
      seq,
    };
  }

  // ---- the hub stream ------------------------------------------------------------------------

  private async fromStream(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
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

  // ---- stored records --------------------------------------------------------------------------

  /**
   * A source's records beyond the cursor, nearest first. Older pages read a snapshot of the
   * hub's 24 hours of that source, taken by the first older page (kept a minute): FerretDB
   * 1.x pushes neither sort nor date ranges down, so each query costs a scan of the hub's records
   * whatever the limit, and scrolling back would pay it on every page. The newest page and newer
   * pages read the store directly, a page at a time (the first paint does not wait for a snapshot).
   */
  private async recent<T extends Document>(
    col: Collection<T>,
    where: Filter<T>,
    field: string,
    w: Window,
    ctx: PageContext,
    snapshotKey?: string,
  ): Promise<T[]> {
    const at = (d: T) => time(d[field]);
    if (w.direction === 'older' && snapshotKey && !ctx.fresh) {
      const key = `${ctx.hubId}:${snapshotKey}`;
      let snap = this.snapshots.get(key);
      const usable = (x: typeof snap): x is NonNullable<typeof snap> =>
        !!x && ctx.now - x.takenAt < SNAPSHOT_MS && w.cursor.at <= x.takenAt;
      if (!usable(snap)) {
        const docs = (await col
          .find({ ...where, [field]: { $gte: new Date(ctx.from) } } as Filter<T>, {
            sort: { [field]: -1 },
            limit: SNAPSHOT_MAX,
          })
          .toArray()) as Document[];
        snap = { takenAt: ctx.now, docs };
        this.snapshots.delete(key);
        this.snapshots.set(key, snap);
        for (const k of this.snapshots.keys()) {
          if (this.snapshots.size <= SNAPSHOT_ENTRIES) break;
          this.snapshots.delete(k);
        }
      }
      const docs = snap.docs as T[];
      const oldest = docs.at(-1);
      // A full snapshot ends before the 24 hours do: past its end, ask the store.
      if (!(docs.length >= SNAPSHOT_MAX && oldest && at(oldest) > w.cursor.at - 1)) {
        const out: T[] = [];
        for (const d of docs) {
          if (at(d) > w.cursor.at) continue;
          out.push(d);
          if (out.length >= w.limit + 20) break;
        }
        return out;
      }
    }
    const range =
      w.direction === 'older'
        ? { $gte: new Date(ctx.from), $lte: new Date(w.cursor.at) }
        : { $gte: new Date(w.cursor.at), $lte: new Date(ctx.now + 60_000) };
    // A few more than a page: entries at the cursor's own millisecond are sorted out after.
    return (await col
      .find({ ...where, [field]: range } as Filter<T>, {
        sort: { [field]: w.direction === 'older' ? -1 : 1 },
        limit: w.limit + 20,
      })
      .toArray()) as T[];
  }

  private async fromTransactions(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    const col = this.db.collection(COLLECTIONS.transactions);
    // Two equality queries rather than one `$or`: FerretDB pushes an equality on a top-level field
    // down to Postgres (only the hub's records are read), an `$or` not (every hub's would be).
    const [byHub, byLink] = await Promise.all([
      this.recent(col, { hubId: ctx.hubId }, 'createdDate', w, ctx, 'transactions'),
      this.recent(col, { linkId: ctx.hubId }, 'createdDate', w, ctx, 'transactions-link'),
    ]);
    const seen = new Set<string>();
    const docs = [...byHub, ...byLink].filter((d) => {
      const id = String(d._id);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    return docs.map((d) => {
      const state = String(d.state ?? (d.success === true ? 'replied' : 'failed'));
      const name = String(d.action ?? `${d.class}.${d.operation}`);
      const success = typeof d.success === 'boolean' ? d.success : null;
      const staff = d.staff?.email ? String(d.staff.email) : null;
      return {
        key: `a:${String(d._id)}`,
        source: 'action',
        at: time(d.createdDate ?? d.startDate),
        title: `${name} (${d.class}.${d.operation}) by ${staff ?? 'unknown'}: ${outcomeWord(state, success)}`,
        action: {
          transactionId: typeof d.transactionId === 'number' ? d.transactionId : null,
          state,
          success,
          error: typeof d.error === 'string' ? d.error : null,
          durationMs: typeof d.duration === 'number' ? d.duration : null,
          staff,
        },
        data: plain(d),
      } satisfies TimelineEntry;
    });
  }

  private async fromNotes(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    if (!ctx.rootGroupId) return [];
    const col = this.db.collection(COLLECTIONS.supportNotes);
    const docs = await this.recent(col, { customerId: ctx.rootGroupId }, 'updatedDate', w, ctx, 'notes');
    return docs.map((d) => ({
      key: `n:${String(d._id)}`,
      source: 'note',
      at: time(d.updatedDate),
      title: `${d.automatic ? 'Automatic note' : 'Note'}: ${String(d.notes ?? '')}`,
      author: String(d.staff?.email ?? d.userId ?? ''),
      data: plain(d),
    }));
  }

  private async fromSync(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    const col = this.db.collection(COLLECTIONS.syncUpdates);
    const docs = await this.recent(col, { linkId: ctx.hubId }, 'createdDate', w, ctx, 'sync');
    return docs.map((d) => {
      const s = d.state ?? {};
      const error = typeof d.errorSyncUpdateId === 'string' || s.subType === 'errorState-is-set';
      return {
        key: `y:${String(d._id)}`,
        source: 'sync',
        at: time(d.createdDate),
        title: error
          ? `Error state set by a ${s.type ?? 'sync'} (${s.subType ?? '?'}) from ${s.caller ?? '?'}, ${s.errorCount ?? 0} error(s)`
          : `Sync ${s.type ?? '?'} ${s.subType ?? ''} from ${s.caller ?? '?'}${s.errorCount ? `, ${s.errorCount} error(s)` : ''}`,
        data: plain({ ...d, data: undefined }),
      };
    });
  }

  private async fromFirmware(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    const col = this.db.collection(COLLECTIONS.firmwareQueue);
    const docs = await this.recent(col, { linkId: ctx.hubId }, 'createdDate', w, ctx, 'firmware');
    return docs.map((d) => ({
      key: `f:${String(d._id)}`,
      source: 'firmware',
      at: time(d.createdDate),
      title: `Firmware ${d.releaseId ?? '?'} for ${d.productCode ?? '?'} (device ${d.deviceId ?? '?'}): ${
        d.failed ? 'failed' : d.complete ? 'complete' : d.deleted ? 'deleted' : 'queued'
      }`,
      data: plain(d),
    }));
  }

  private async fromAnnotations(ctx: PageContext, w: Window): Promise<TimelineEntry[]> {
    const docs = await this.recent(this.annotations, { hubId: ctx.hubId }, 'from', w, ctx);
    return docs.map((d) => ({
      key: `z:${d._id.toHexString()}`,
      source: 'annotation',
      at: d.from.getTime(),
      until: d.to.getTime(),
      title: d.text,
      author: d.staff.email,
      data: {
        id: d._id.toHexString(),
        from: d.from.getTime(),
        to: d.to.getTime(),
        text: d.text,
        staff: d.staff,
      },
    }));
  }
}

export interface AnnotationDoc {
  _id: import('mongodb').ObjectId;
  hubId: number;
  from: Date;
  to: Date;
  text: string;
  staff: { userId: string; email: string; name: string };
  createdDate: Date;
}

interface PageContext {
  hubId: number;
  rootGroupId: string | null;
  info: StreamInfo;
  from: number;
  now: number;
  /** The newest page, or a newer one: stored records are read from the store, not a snapshot. */
  fresh: boolean;
  match: (e: TimelineEntry) => boolean;
}

function streamFirstTime(info: StreamInfo): number {
  if (info.state.messages === 0) return info.state.last_ts ? Date.parse(info.state.last_ts) : 0;
  const t = Date.parse(info.state.first_ts);
  return Number.isFinite(t) ? t : 0;
}

function streamEntry(r: StoredMessage, hubId: number): TimelineEntry {
  const text = decoder.decode(r.data);
  const body = jsonObjectOf(text);
  const tokens = r.subject.split('.');
  const presence = tokens.at(-1) === 'presence';
  if (presence) {
    const connected = body?.connected === true;
    const reason = typeof body?.reason === 'string' ? ` (${body.reason})` : '';
    return {
      key: streamKey(r.seq),
      source: 'presence',
      at: r.at,
      seq: r.seq,
      title: connected ? 'Connected' : `Disconnected${reason}`,
      connected,
      data: body ?? { malformed: text.slice(0, 200) },
    };
  }
  const i = tokens.lastIndexOf('msg');
  const [direction = '', cls = '', operation = ''] = tokens.slice(i + 1);
  return {
    key: streamKey(r.seq),
    source: 'message',
    at: r.at,
    seq: r.seq,
    title: `${direction} ${cls}.${operation}${body ? '' : ' (malformed)'}`,
    meta: {
      direction,
      class: cls,
      operation,
      clientType: clientTypeOf(body ?? {}, String(hubId), direction),
    },
    data: body ?? { malformed: text.slice(0, 200) },
  };
}

function outcomeWord(state: string, success: boolean | null): string {
  if (state === 'replied') return success === false ? 'failed' : 'success';
  if (state === 'timedOut') return 'no reply in time (outcome unknown)';
  if (state === 'sent') return 'sent (outcome unknown)';
  return state === 'failed' || success === false ? 'failed' : state;
}

/** Mongo values as JSON a browser reads (dates as ISO text, ids as hex). */
function plain(doc: unknown): unknown {
  return JSON.parse(JSON.stringify(doc));
}

function runsOf(sorted: number[]): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  for (const s of [...sorted].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && s === last.last + 1) last.last = s;
    else out.push({ first: s, last: s });
  }
  return out;
}

function cursorOf(e: TimelineEntry | undefined): string | null {
  return e ? encodeCursor(e) : null;
}

function focusKey(entries: TimelineEntry[], seq: number | null, at: number, found: boolean): string | null {
  if (found && seq !== null) return streamKey(seq);
  // The nearest kept stream entry in time (else any entry).
  const pool = entries.filter((e) => e.seq !== undefined);
  let best: TimelineEntry | null = null;
  for (const e of pool.length > 0 ? pool : entries)
    if (!best || Math.abs(e.at - at) < Math.abs(best.at - at)) best = e;
  return best?.key ?? null;
}

/**
 * The live monitor's filter rules: client types, classes and operations narrow hub messages only;
 * free text is matched, case-insensitively, against the whole entry, whatever its source.
 */
export function compileFilter(f: TimelineFilter): (e: TimelineEntry) => boolean {
  const set = (v?: string[]) => (v && v.length > 0 ? new Set(v) : null);
  const clientTypes = set(f.clientTypes);
  const classes = set(f.classes);
  const operations = set(f.operations);
  const text = f.text?.trim().toLowerCase() || null;
  return (e) => {
    if (e.meta) {
      if (clientTypes && !clientTypes.has(e.meta.clientType)) return false;
      if (classes && !classes.has(e.meta.class)) return false;
      if (operations && !operations.has(e.meta.operation)) return false;
    }
    if (text && !JSON.stringify(e).toLowerCase().includes(text)) return false;
    return true;
  };
}

export const timelinePlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string }) => {
    const jsm = await jetstreamManager(app.nats);
    const timeline = new HubTimeline(app, jsm, opts.prefix);
    await timeline.ensureIndexes().catch((err) => app.log.warn({ err }, 'annotation index not created'));
    app.decorate('timeline', timeline);
  },
  { name: 'timeline', dependencies: ['mongo', 'presence'] },
);
