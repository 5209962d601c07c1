import { COLLECTIONS, type FailedCommand, RECENT_FAILED } from '@console/contracts';
import { type Collection, type Db, type Document, MongoBulkWriteError } from 'mongodb';

/** The most Recent Failed Commands can ask for: the list keeps no more. */
const KEEP = RECENT_FAILED.maxLimit;
const DUPLICATE_KEY = 11000;

/** One entry of the list: the transaction's `_id`, its time, and the row the screen shows. */
interface Entry {
  _id: unknown;
  createdDate: Date;
  row: FailedCommand;
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d ?? ''));
const dateOf = (d: Document): Date => {
  const t = d.createdDate ?? d.startDate;
  return t instanceof Date ? t : new Date(String(t));
};

/** A stored transaction whose success is not true (failed, timed out, or with no outcome recorded). */
export const failedTransaction = (d: Document): boolean => d.success !== true;

/**
 * A stored transaction as a Recent Failed Commands row: hub-control's own (hubId, staff, state)
 * or the world's older records (linkId, class and operation only).
 */
export function failedCommandRow(d: Document): FailedCommand {
  return {
    id: typeof d._id?.toHexString === 'function' ? d._id.toHexString() : String(d._id),
    createdDate: iso(d.createdDate ?? d.startDate),
    rootGroupId: d.rootGroupId ?? null,
    linkId: d.hubId ?? d.linkId ?? null,
    action: d.action ?? `${d.class}.${d.operation}`,
    class: d.class ?? '',
    operation: d.operation ?? '',
    state: d.state ?? 'failed',
    error: d.error ?? null,
    staff: d.staff?.email ?? null,
    duration: d.duration ?? null,
  };
}

/**
 * Recent Failed Commands as a list the writers keep (`recentfailedcommands`, at most
 * RECENT_FAILED.maxLimit entries): FerretDB cannot answer `success != true` newest first with an
 * index (it decodes every transaction: 2.3–7 s at 100,000 customers), so every writer of a
 * transaction (hub-control, the world's load and growth) adds its failed ones here after the
 * insert, keyed by the transaction's `_id` (a second add changes nothing), and the read sorts a
 * hundred small documents. The world's reset drops it with the transactions; a list found empty
 * beside stored transactions (a world loaded before the list existed) is filled once from them.
 */
export class RecentFailedList {
  private readonly list: Collection<Entry>;
  private readonly transactions: Collection;
  constructor(db: Db) {
    this.list = db.collection<Entry>(COLLECTIONS.recentFailed);
    this.transactions = db.collection(COLLECTIONS.transactions);
  }

  /** Adds the failed ones of `docs` (stored transactions, each with its `_id`), then keeps the newest. */
  async add(docs: readonly Document[]): Promise<number> {
    const failed = docs
      .filter(failedTransaction)
      .map((d) => ({ _id: d._id, createdDate: dateOf(d), row: failedCommandRow(d) }))
      .sort((a, b) => b.createdDate.getTime() - a.createdDate.getTime())
      .slice(0, KEEP);
    if (!failed.length) return 0;
    try {
      await this.list.insertMany(failed, { ordered: false });
    } catch (err) {
      const errors = err instanceof MongoBulkWriteError ? [err.writeErrors].flat() : [];
      if (!errors.length || errors.some((e) => e.code !== DUPLICATE_KEY)) throw err;
    }
    await this.trim();
    return failed.length;
  }

  /** The newest `limit` entries (at most KEEP), newest first. */
  async read(limit: number): Promise<FailedCommand[]> {
    const docs = await this.list
      .find({}, { sort: { createdDate: -1, _id: -1 }, limit: Math.min(limit, KEEP) })
      .toArray();
    return docs.map((d) => d.row);
  }

  /**
   * Fills an empty list from the stored transactions (one read of the newest failed ones; on
   * FerretDB it decodes the collection, so it runs once, not per request). Answers how many it added.
   */
  async fillIfEmpty(): Promise<number> {
    if (await this.list.findOne({}, { projection: { _id: 1 } })) return 0;
    if (!(await this.transactions.findOne({}, { projection: { _id: 1 } }))) return 0;
    const newest = await this.transactions
      .find({ success: { $ne: true } }, { sort: { createdDate: -1 }, limit: KEEP })
      .toArray();
    return this.add(newest);
  }

  /** Everything past the newest KEEP goes (several writers trimming at once remove the same ones). */
  private async trim(): Promise<void> {
    const older = await this.list
      .find({}, { sort: { createdDate: -1, _id: -1 }, skip: KEEP, projection: { _id: 1 } })
      .toArray();
    if (older.length) await this.list.deleteMany({ _id: { $in: older.map((d) => d._id) } });
  }
}
