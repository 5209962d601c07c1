import { COLLECTIONS } from '@console/contracts';
import { transaction } from '@console/kit';
import type { Db } from 'mongodb';
import type pg from 'pg';
import type { Customer } from './customer.ts';
import { GEN1_TABLES } from './gen1/types.ts';
import { copyRows } from './postgres/copy.ts';
import { worldGlobals } from './world.ts';

/**
 * One batch of customers' Gen1 rows in one transaction, tables in foreign-key order, and `also`
 * in the same transaction (the loader's progress); returns the rows.
 */
export function copyBatch(
  pool: pg.Pool,
  batch: readonly Pick<Customer, 'gen1'>[],
  also?: (client: pg.PoolClient) => Promise<unknown>,
): Promise<number> {
  return transaction(pool, async (client) => {
    let rows = 0;
    for (const table of GEN1_TABLES) {
      const all = batch.flatMap((c) => c.gen1[table] as object[]);
      await copyRows(client, table, all);
      rows += all.length;
    }
    await also?.(client);
    return rows;
  });
}

/** The device types and firmware releases: the world's, loaded once. */
export async function loadGlobals(pool: pg.Pool, db: Db, now: number): Promise<void> {
  const g = worldGlobals(now);
  const client = await pool.connect();
  try {
    await copyRows(client, 'device_types', g.deviceTypes);
    await copyRows(client, 'device_type_values', g.deviceTypeValues);
  } finally {
    client.release();
  }
  await db
    .collection(COLLECTIONS.firmwareReleases)
    .insertMany(g.firmwareReleases, { forceServerObjectId: true });
}

/** Runs `work` and adds its wall time in seconds through `add`. */
export async function timed<T>(work: () => Promise<T>, add: (seconds: number) => void): Promise<T> {
  const t = Date.now();
  try {
    return await work();
  } finally {
    add((Date.now() - t) / 1000);
  }
}
