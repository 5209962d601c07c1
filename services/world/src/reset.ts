import { COLLECTIONS } from '@console/contracts';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { GEN1_TABLES } from './gen1/types.ts';
import { ensureIndexes } from './mongo/indexes.ts';
import { migrateWorld } from './postgres/migrate.ts';

/**
 * Empties the world: every Gen1 table, the device types, world_meta, and every Gen2 collection
 * (support notes, transactions and the like included: they belong to the world). The schema and
 * indexes stay.
 */
export async function resetWorld(pool: pg.Pool, db: Db): Promise<void> {
  await migrateWorld(pool);
  const tables = [...GEN1_TABLES, 'device_type_values', 'device_types', 'world_meta', 'world_growth'];
  await pool.query(`truncate ${tables.join(', ')}`);
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const name of Object.values(COLLECTIONS)) {
    if (existing.has(name)) await db.collection(name).drop();
  }
  await ensureIndexes(db);
}
