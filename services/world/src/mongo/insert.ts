import { COLLECTIONS } from '@console/contracts';
import { RecentFailedList } from '@console/kit';
import { type Db, type Document, MongoBulkWriteError, ObjectId } from 'mongodb';
import { GEN2_KEYS, type Gen2Docs, type Gen2Key } from '../gen2/types.ts';

// Structures are large (tens of kB, dozens of features): FerretDB takes them fastest a few at a time.
const CHUNK: Partial<Record<string, number>> = { structures: 20 };
// FerretDB turns each insert into Postgres writes; a few in flight keep both busy.
const IN_FLIGHT = 3;
const DUPLICATE_KEY = 11000;

/** One customer's documents and the number its ids are made from. */
export interface DocsOf {
  index: number;
  gen2: Gen2Docs;
}

/**
 * The `_id` of a customer's n-th document of a collection: the same every time it is generated, so
 * a load that stopped half way writes the same ids again and the server refuses the ones it holds
 * (a resume skips what exists). Time first as in any ObjectId (`stamp`, epoch seconds), then the
 * customer, the collection and the position.
 */
export function docId(stamp: number, index: number, key: number, n: number): ObjectId {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(stamp >>> 0, 0);
  b.writeUInt32BE(index >>> 0, 4);
  b.writeUInt8(key, 8);
  b.writeUIntBE(n, 9, 3);
  return new ObjectId(b);
}

/**
 * Told of each chunk of documents once the store holds it (a writer announcing what it inserted);
 * the growth also tells of its Gen1 command queue and WiFi link rows (`_id` set to the row's id).
 */
export type OnInserted = (key: Gen2Key | 'commandQueue' | 'wfls', docs: Document[]) => Promise<void>;

/**
 * Inserts a batch of customers' documents, collection by collection; returns how many went in
 * (documents already held, from an interrupted load, are skipped). `onInserted` hears each chunk
 * after its insert, held ones included (an announcement is counted once however often it comes).
 */
export async function insertDocs(
  db: Db,
  parts: readonly DocsOf[],
  stamp: number,
  onInserted?: OnInserted,
): Promise<number> {
  const jobs: { key: Gen2Key; name: string; docs: Document[] }[] = [];
  GEN2_KEYS.forEach((key, k) => {
    // Ids are added to copies, so the generated objects are not written to (and stay comparable).
    const all = parts.flatMap((p) =>
      (p.gen2[key] as Document[]).map((d, n) => ({ _id: docId(stamp, p.index, k, n), ...d })),
    );
    const size = CHUNK[key] ?? 500;
    for (let i = 0; i < all.length; i += size)
      jobs.push({ key, name: COLLECTIONS[key], docs: all.slice(i, i + size) });
  });
  let inserted = 0;
  let next = 0;
  const failed = new RecentFailedList(db);
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      // Not `inserted += await …`: that reads `inserted` before the wait and loses the other workers' counts.
      const n = await insertNew(db, job.name, job.docs);
      inserted += n;
      // Recent Failed Commands reads a list its writers keep, not the transactions.
      if (job.key === 'transactions') await failed.add(job.docs);
      await onInserted?.(job.key, job.docs);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return inserted;
}

/** Unordered insert that counts a duplicate `_id` as already written; returns how many went in. */
export async function insertNew(db: Db, collection: string, docs: Document[]): Promise<number> {
  if (docs.length === 0) return 0;
  try {
    return (await db.collection(collection).insertMany(docs, { ordered: false })).insertedCount;
  } catch (err) {
    if (!(err instanceof MongoBulkWriteError)) throw err;
    const errors = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
    if (errors.some((e) => e.code !== DUPLICATE_KEY)) throw err;
    return err.insertedCount;
  }
}
