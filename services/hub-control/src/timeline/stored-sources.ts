import { COLLECTIONS, type TimelineEntry } from '@console/contracts';
import type { Collection, Db, Document, Filter } from 'mongodb';
import {
  type AnnotationDoc,
  outcomeWord,
  type PageContext,
  plain,
  time,
  type Window,
} from './timeline-parts.ts';

/** Older pages read stored records from a snapshot at most this old. */
const SNAPSHOT_MS = 60_000;
/** At most this many records of one source in a snapshot; past them the store is asked. */
const SNAPSHOT_MAX = 20_000;
/** Snapshots kept (hub × source), the oldest dropped first. */
const SNAPSHOT_ENTRIES = 200;

/** What a stored record's entry starts with: its key (the source's letter and the record's id), source and time. */
function storedEntry(letter: string, source: TimelineEntry['source'], d: Document, when: unknown) {
  return { key: `${letter}:${String(d._id)}`, source, at: time(when) };
}

/** The timeline's stored sources: transactions, support notes of the structure, sync updates, firmware queue, annotations. */
export class StoredSources {
  private readonly db: Db;
  readonly annotations: Collection<AnnotationDoc>;
  private readonly snapshots = new Map<string, { takenAt: number; docs: Document[] }>();

  constructor(db: Db) {
    this.db = db;
    this.annotations = db.collection<AnnotationDoc>('hubannotations');
  }

  /** Every stored source's part of a page, each its `limit` nearest beyond the cursor. */
  all(ctx: PageContext, w: Window): Promise<TimelineEntry[][]> {
    return Promise.all([
      this.fromTransactions(ctx, w),
      this.fromNotes(ctx, w),
      this.fromSync(ctx, w),
      this.fromFirmware(ctx, w),
      this.fromAnnotations(ctx, w),
    ]);
  }

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
        ...storedEntry('a', 'action', d, d.createdDate ?? d.startDate),
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
      ...storedEntry('n', 'note', d, d.updatedDate),
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
        ...storedEntry('y', 'sync', d, d.createdDate),
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
      ...storedEntry('f', 'firmware', d, d.createdDate),
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
