import type { Db } from 'mongodb';
import type pg from 'pg';
import { copyBatch, loadGlobals, timed } from './batch.ts';
import { worldNow } from './clock.ts';
import { type Customer, generateCustomer } from './customer.ts';
import { GROWTH_FIRST } from './ids.ts';
import { readMeta, type WorldMeta, WorldStateError, writeMeta } from './meta.ts';
import { dropIndexes } from './mongo/bulk.ts';
import { ensureIndexes } from './mongo/indexes.ts';
import { insertDocs, type OnInserted } from './mongo/insert.ts';
import { LOAD_LOCK, parkIndexes, restoreIndexes } from './postgres/bulk.ts';
import { migrateWorld } from './postgres/migrate.ts';
import { resetWorld } from './reset.ts';
import { DailyTally, writeDailyStatistics } from './statistics.ts';
import { WORLD_NOW } from './time.ts';

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
  /**
   * The world's now for a new world (ms, ISO text or Date; default: the load's start, to the
   * second). A world already held keeps its own: an extension or a resume continues it.
   */
  now?: Date | number | string;
  onProgress?: (p: LoadProgress) => void;
  /**
   * Told of each chunk of Gen2 documents once the store holds it (held ones of a resumed batch
   * too): the CLI and the demo announce them on `STORE` with `storeAnnouncer` (announce.ts), so the
   * statistics and the read models follow the load instead of scanning for it.
   */
  onInserted?: OnInserted;
}

export interface LoadProgress {
  /** Customers written by this run. */
  customers: number;
  /** Customers of the world written so far (earlier runs included) and the size being loaded. */
  done: number;
  total: number;
  /** Customers per second in this run, and the seconds left at that rate. */
  rate: number;
  secondsLeft: number;
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
  /** This run continued a load that had stopped half way. */
  resumed: boolean;
  /** The world's now (ms). */
  now: number;
}

/**
 * Loads world `seed` up to `customers` customers: Gen1 rows by COPY, Gen2 documents by unordered
 * insertMany, batch by batch, generating customer by customer (memory stays flat at any size).
 * A world of the same seed already loaded is extended, not repeated; a load of it that stopped
 * half way is resumed where it stopped (each batch is recorded as it lands; the records are the
 * same when generated again, so what a stopped batch wrote is skipped); any other must be reset.
 * One load at a time (a session advisory lock).
 */
export async function loadWorld(o: LoadOptions): Promise<LoadResult> {
  const histories = o.histories ?? true;
  const started = Date.now();
  if (o.customers > GROWTH_FIRST) {
    throw new RangeError(
      `A loaded world holds at most ${GROWTH_FIRST} customers (the rest are the growth's)`,
    );
  }
  const p: LoadProgress = {
    customers: 0,
    done: 0,
    total: o.customers,
    rate: 0,
    secondsLeft: 0,
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
    const resumed = meta?.status === 'loading';
    // A world from before worlds had a now was generated on the reference clock.
    const now = meta ? (meta.now ?? WORLD_NOW) : worldNow(o.now);
    p.done = from;
    if (from >= o.customers) return { ...p, skipped: true, from, resumed: false, now };
    if (!meta) await loadGlobals(o.pool, o.db, now);
    const pgDone = resumed ? await pgCustomers(o.pool) : from;
    const state: WorldMeta = { seed: o.seed, customers: from, histories, status: 'loading', now };
    await writeMeta(o.pool, state);
    const bulk = o.bulk ?? (from === 0 && o.customers >= 10_000);
    if (bulk) await Promise.all([parkIndexes(o.pool), dropIndexes(o.db)]);
    const size = o.batch ?? 1000;
    const options = { histories, now };
    // The daily records describe the whole world: an extended load tallies the earlier customers again.
    const tally = new DailyTally(now);
    for (let i = 0; i < from; i++) tally.add(generateCustomer(o.seed, i, options));
    const stamp = Math.floor(now / 1000);
    for (let at = from; at < o.customers; at += size) {
      const batch: Customer[] = [];
      for (let i = at; i < Math.min(at + size, o.customers); i++)
        batch.push(generateCustomer(o.seed, i, options));
      for (const c of batch) tally.add(c);
      const end = at + batch.length;
      // Postgres records its own progress in the batch's transaction: a resume skips what it committed.
      const gen1 = batch.filter((c) => c.index >= pgDone);
      const [rows, docs] = await Promise.all([
        timed(
          () =>
            copyBatch(o.pool, gen1, (client) =>
              client.query('update world_meta set pg_customers = $1 where id = 1', [end]),
            ),
          (s) => (p.pgSeconds += s),
        ),
        timed(
          () => insertDocs(o.db, batch, stamp, o.onInserted),
          (s) => (p.mongoSeconds += s),
        ),
      ]);
      await writeMeta(o.pool, { ...state, customers: end });
      p.customers += batch.length;
      p.done = end;
      p.rows += rows;
      p.docs += docs;
      p.seconds = (Date.now() - started) / 1000;
      p.rate = p.customers / Math.max(p.seconds, 0.001);
      p.secondsLeft = (o.customers - end) / Math.max(p.rate, 0.001);
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
    await writeMeta(o.pool, { ...state, customers: o.customers, status: 'loaded' });
    p.seconds = (Date.now() - started) / 1000;
    return { ...p, skipped: false, from, resumed, now };
  } finally {
    await lock.query('select pg_advisory_unlock_all()').catch(() => undefined);
    lock.release();
  }
}

async function pgCustomers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number | null }>(
    'select pg_customers as n from world_meta where id = 1',
  );
  return rows[0]?.n ?? 0;
}

function startFrom(meta: WorldMeta | null, seed: number, histories: boolean): number {
  if (!meta) return 0;
  if (meta.seed !== seed || meta.histories !== histories) {
    const what = meta.status === 'loading' ? 'an unfinished load of world' : 'world';
    throw new WorldStateError(
      `The databases hold ${what} seed ${meta.seed} (${meta.customers} customers, histories ${meta.histories}); reset to replace it.`,
      meta,
    );
  }
  return meta.customers;
}
