import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { gen1Sources } from './backfill-gen1.ts';
import { type BackfillSource, mongoSources } from './backfill-mongo.ts';
import { Tally } from './counts.ts';
import type { RollupStore } from './rollup.store.ts';

export interface BackfillDeps {
  pool: pg.Pool;
  db: Db;
  store: RollupStore;
  log: FastifyBaseLogger;
}

export function backfillSources(deps: Pick<BackfillDeps, 'pool' | 'db'>): BackfillSource[] {
  const all = [...mongoSources(deps.db), ...gen1Sources(deps.pool)];
  return [...all.filter((s) => !s.last), ...all.filter((s) => s.last)];
}

/** The loaded world's size (world_meta.customers), or null when no world is loaded yet. */
export async function worldSize(pool: pg.Pool): Promise<number | null> {
  try {
    const r = await pool.query<{ customers: number; status: string }>(
      'select customers, status from world_meta where id = 1',
    );
    return r.rows[0]?.status === 'loaded' ? r.rows[0].customers : null;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return null;
    throw err;
  }
}

/** The world's size the backfill last read (null: not recorded yet). */
export async function recordedWorldSize(pool: pg.Pool): Promise<number | null> {
  const r = await pool.query<{ customers: number }>('select customers from stats_world_size where id = 1');
  return r.rows[0]?.customers ?? null;
}

export async function recordWorldSize(pool: pg.Pool, customers: number | null): Promise<void> {
  if (customers === null) return;
  await pool.query(
    `insert into stats_world_size (id, customers) values (1, $1)
     on conflict (id) do update set customers = excluded.customers, recorded_at = now()`,
    [customers],
  );
}

/** Counts one source's records into its 'backfill' rollups, replacing them; false: its tables are missing. */
async function backfillSource(deps: BackfillDeps, source: BackfillSource, until: Date): Promise<boolean> {
  const started = Date.now();
  const tally = new Tally();
  const seen = new Map<string, string[]>((source.kinds ?? []).map((k) => [k, []]));
  try {
    await source.read(
      until,
      (inc) => {
        if (Number.isFinite(inc.at)) tally.add(inc);
      },
      (kind, id) => seen.get(kind)?.push(id),
    );
  } catch (err) {
    // A world without Gen1 tables (or not loaded yet) leaves those metrics to a later start.
    if ((err as { code?: string }).code === '42P01') {
      deps.log.warn({ source: source.name }, 'backfill source missing; skipped');
      return false;
    }
    throw err;
  }
  await deps.store.replaceBackfill(source.metrics, tally, until, seen);
  deps.log.info({ source: source.name, rollups: tally.size, ms: Date.now() - started }, 'backfilled');
  return true;
}

/**
 * Counts stored data created before `until` (when the stream consumer started counting, so a
 * fact is never counted both from storage and from the stream) into the 'backfill' rollups; the
 * collections no stream counts (products, users, structures, hubs, agents, client devices) whole,
 * with the ids of what was counted, from which the store follower goes on.
 * Each source's metrics and ids are replaced in one transaction; `only` limits it to metrics not yet done.
 * Records the world's size it read (stats_world_size) once every source is done.
 */
export async function runBackfill(deps: BackfillDeps, until: Date, only?: Set<string>): Promise<string[]> {
  const size = await worldSize(deps.pool);
  const done: string[] = [];
  let all = true;
  for (const source of backfillSources(deps)) {
    if (only && source.metrics.every((m) => !only.has(m))) continue;
    if (await backfillSource(deps, source, until)) done.push(...source.metrics);
    else all = false;
  }
  if (all) await recordWorldSize(deps.pool, size);
  return done;
}

/**
 * After the loader extended the world (its size differs from the one recorded): reads again each
 * source that counts records dated before its cut-off (transactions, logs, workers, Gen1 commands,
 * WiFi links, daily records), whose extension history no stream announces, each with the cut-off
 * of its first backfill; the sources counted whole follow the loader's announcements instead. Run
 * by the store follower between its batches, so what it counted and the ids it marked are replaced
 * together with the rollups (the follower writes into the same 'backfill' rollups), and what it
 * has not counted yet counts after, once (by id). Answers whether it read anything.
 */
export async function rescanExtended(deps: BackfillDeps): Promise<boolean> {
  const size = await worldSize(deps.pool);
  const recorded = await recordedWorldSize(deps.pool);
  if (size === null || size === recorded) return false;
  if (recorded === null) {
    // A backfill from before sizes were recorded: this size is the one it read.
    await recordWorldSize(deps.pool, size);
    return false;
  }
  const r = await deps.pool.query<{ metric: string; until: Date }>(
    'select metric, until from stats_backfill',
  );
  const untils = new Map(r.rows.map((row) => [row.metric, row.until]));
  deps.log.info({ from: recorded, to: size }, 'the world was extended; reading its dated history again');
  for (const source of backfillSources(deps)) {
    const until = untils.get(source.metrics[0] ?? '');
    if (source.whole || !until) continue;
    await backfillSource(deps, source, until);
  }
  await recordWorldSize(deps.pool, size);
  return true;
}

/** Every metric the backfill owns. */
export const BACKFILL_METRICS = (deps: Pick<BackfillDeps, 'pool' | 'db'>) =>
  backfillSources(deps).flatMap((s) => s.metrics);
