import { COLLECTIONS } from '@console/contracts';
import type { Db, Document } from 'mongodb';
import { GEN2_KEYS, type Gen2Docs } from '../gen2/types.ts';

// Structures are large (tens of kB, dozens of features): FerretDB takes them fastest a few at a time.
const CHUNK: Partial<Record<string, number>> = { structures: 20 };
// FerretDB turns each insert into Postgres writes; a few in flight keep both busy.
const IN_FLIGHT = 3;

/** Inserts a batch of customers' documents, collection by collection; returns how many went in. */
export async function insertDocs(db: Db, parts: readonly Gen2Docs[]): Promise<number> {
  const jobs: { name: string; docs: Document[] }[] = [];
  for (const key of GEN2_KEYS) {
    const all = parts.flatMap((p) => p[key] as Document[]);
    const size = CHUNK[key] ?? 500;
    for (let i = 0; i < all.length; i += size)
      jobs.push({ name: COLLECTIONS[key], docs: all.slice(i, i + size) });
  }
  let inserted = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      // Ids are left to the server, so the generated objects are not written to (and stay comparable).
      const r = await db
        .collection(job.name)
        .insertMany(job.docs, { ordered: false, forceServerObjectId: true });
      inserted += r.insertedCount;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return inserted;
}
