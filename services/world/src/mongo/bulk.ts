import { COLLECTIONS } from '@console/contracts';
import type { Db } from 'mongodb';

/** Drops the world collections' secondary indexes before a bulk load; `ensureIndexes` rebuilds them. */
export async function dropIndexes(db: Db): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const name of Object.values(COLLECTIONS)) {
    if (existing.has(name)) await db.collection(name).dropIndexes();
  }
}
