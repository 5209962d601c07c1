import type { Db } from 'mongodb';
import type pg from 'pg';
import { copyBatch, loadGlobals, timed } from './batch.ts';
import { type Customer, generateCustomer } from './customer.ts';
import { readMeta, type WorldMeta, WorldStateError, writeMeta } from './meta.ts';
import { dropIndexes } from './mongo/bulk.ts';
import { ensureIndexes } from './mongo/indexes.ts';
import { insertDocs } from './mongo/insert.ts';
import { LOAD_LOCK, parkIndexes, restoreIndexes } from './postgres/bulk.ts';
import { migrateWorld } from './postgres/migrate.ts';
import { resetWorld } from './reset.ts';
import { DailyTally, writeDailyStatistics } from './statistics.ts';

export interface LoadOptions {
  pool: pg.Pool;
  db: Db;
  seed: number;
  customers: number;
  /** Past syncs, transactions, logs, backups… (default true). */
  histories?: boolean;
  /** Empty the world first. */
  reset?: boolean;
  /** Customers per batch: one Postgres transaction and one round of inserts each (default 1000). */
  batch?: number;
  /** Build secondary indexes after the data (default: for 10,000 customers or more into an empty world). */
  bulk?: boolean;
  onProgress?: (p: LoadProgress) => void;
}

export interface LoadProgress {
  customers: number;
  rows: number;
  docs: number;
  /** Seconds since the load started. */
  seconds: number;
  /** Wall seconds in Postgres COPY and in Mongo inserts (they overlap), and rebuilding indexes. */
  pgSeconds: number;
  mongoSeconds: number;
  indexSeconds: number;
}

export interface LoadResult extends LoadProgress {
  /** The world already held these customers of this seed: nothing was written. */
  skipped: boolean;
  /** The first customer this load generated (where an earlier load of the same seed stopped). */
  from: number;
}

/**
 * Loads world `seed` up to `customers` customers: Gen1 rows by COPY, Gen2 documents by unordered
 * insertMany, batch by batch, generating customer by customer (memory stays flat at any size).
 * A world of the same seed already loaded is extended, not repeated; any other must be reset.
 * One load at a time (a session advisory lock).
 */
export async function loadWorld(o: LoadOptions): Promise<LoadResult> {
  const histories = o.histories ?? true;
  const started = Date.now();
  const p: LoadProgress = {
    customers: 0,
    rows: 0,
    docs: 0,
    seconds: 0,
    pgSeconds: 0,
    mongoSeconds: 0,
    indexSeconds: 0,
  };
  await migrateWorld(o.pool);
  const lock = await o.pool.connect();
  try {
    const got = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      LOAD_LOCK,
    ]);
    if (!got.rows[0]?.ok) throw new WorldStateError('Another load of the world is running.', null);
    if (o.reset) await resetWorld(o.pool, o.db);
    else await ensureIndexes(o.db);
    const meta = await readMeta(o.pool);
    const from = startFrom(meta, o.seed, histories);
    if (from >= o.customers) return { ...p, skipped: true, from };
    if (!meta) await loadGlobals(o.pool, o.db);
    await writeMeta(o.pool, { seed: o.seed, customers: from, histories, status: 'loading' });
    const bulk = o.bulk ?? (from === 0 && o.customers >= 10_000);
    if (bulk) await Promise.all([parkIndexes(o.pool), dropIndexes(o.db)]);
    const size = o.batch ?? 1000;
    // The daily records describe the whole world: an extended load tallies the earlier customers again.
    const tally = new DailyTally();
    for (let i = 0; i < from; i++) tally.add(generateCustomer(o.seed, i, { histories }));
    for (let at = from; at < o.customers; at += size) {
      const batch: Customer[] = [];
      for (let i = at; i < Math.min(at + size, o.customers); i++)
        batch.push(generateCustomer(o.seed, i, { histories }));
      for (const c of batch) tally.add(c);
      const [rows, docs] = await Promise.all([
        timed(
          () => copyBatch(o.pool, batch),
          (s) => (p.pgSeconds += s),
        ),
        timed(
          () =>
            insertDocs(
              o.db,
              batch.map((c) => c.gen2),
            ),
          (s) => (p.mongoSeconds += s),
        ),
      ]);
      p.customers += batch.length;
      p.rows += rows;
      p.docs += docs;
      p.seconds = (Date.now() - started) / 1000;
      o.onProgress?.({ ...p });
    }
    await timed(
      () => writeDailyStatistics(o.db, tally),
      (s) => (p.mongoSeconds += s),
    );
    await timed(
      async () => {
        await Promise.all([restoreIndexes(lock), ensureIndexes(o.db)]);
        // Fresh planner statistics: without them Postgres guesses thousands of WFLs per user after
        // a bulk load and picks sequential scans (and JIT) for one account's lookups.
        await lock.query('analyze');
      },
      (s) => (p.indexSeconds += s),
    );
    await writeMeta(o.pool, { seed: o.seed, customers: o.customers, histories, status: 'loaded' });
    p.seconds = (Date.now() - started) / 1000;
    return { ...p, skipped: false, from };
  } finally {
    await lock.query('select pg_advisory_unlock_all()').catch(() => undefined);
    lock.release();
  }
}

function startFrom(meta: WorldMeta | null, seed: number, histories: boolean): number {
  if (!meta) return 0;
  if (meta.status !== 'loaded') {
    throw new WorldStateError('An earlier load of the world did not finish; load again with reset.', meta);
  }
  if (meta.seed !== seed || meta.histories !== histories) {
    throw new WorldStateError(
      `The databases hold world seed ${meta.seed} (${meta.customers} customers, histories ${meta.histories}); reset to replace it.`,
      meta,
    );
  }
  return meta.customers;
}
