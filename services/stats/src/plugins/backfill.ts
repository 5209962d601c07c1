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

/**
 * Counts stored data created before `until` (when the stream consumer started counting, so a
 * fact is never counted both from storage and from the stream) into the 'backfill' rollups; the
 * collections no stream counts (products, users, structures, hubs, agents, client devices) whole,
 * with the ids of what was counted, from which the store follower goes on.
 * Each source's metrics and ids are replaced in one transaction; `only` limits it to metrics not yet done.
 */
export async function runBackfill(deps: BackfillDeps, until: Date, only?: Set<string>): Promise<string[]> {
  const done: string[] = [];
  for (const source of backfillSources(deps)) {
    if (only && source.metrics.every((m) => !only.has(m))) continue;
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
        continue;
      }
      throw err;
    }
    await deps.store.replaceBackfill(source.metrics, tally, until, seen);
    done.push(...source.metrics);
    deps.log.info({ source: source.name, rollups: tally.size, ms: Date.now() - started }, 'backfilled');
  }
  return done;
}

/** Every metric the backfill owns. */
export const BACKFILL_METRICS = (deps: Pick<BackfillDeps, 'pool' | 'db'>) =>
  backfillSources(deps).flatMap((s) => s.metrics);
