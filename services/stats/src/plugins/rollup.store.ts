import { transaction } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { type FeaturePoint, PERIOD_MS, type Period, splitKey, type Tally } from './counts.ts';

export type Source = 'live' | 'backfill';

export interface RollupRow {
  series: string;
  bucket: number;
  count: number;
  amount: number;
}

export interface Cursor {
  lastSeq: number;
  startedAt: Date;
}

type Queryable = pg.Pool | pg.PoolClient;

/** The rollup tables: counts written by the stream consumer and the backfill, read by the tabs. */
export class RollupStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** Feature values seen on the stream, each once (its stream sequence is part of the key). */
  async addFeaturePoints(
    db: Queryable,
    points: readonly (FeaturePoint & { at: number; seq: number })[],
  ): Promise<void> {
    if (!points.length) return;
    await db.query(
      `insert into feature_history (feature_id, at, seq, hub_id, value, source, info)
       select f, a, s, h, v, src, i
         from unnest($1::text[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::jsonb[], $6::text[], $7::text[])
           as t(f, a, s, h, v, src, i)
       on conflict do nothing`,
      [
        points.map((p) => p.featureId),
        points.map((p) => new Date(p.at)),
        points.map((p) => p.seq),
        points.map((p) => p.hubId),
        points.map((p) => JSON.stringify(p.value)),
        points.map((p) => p.source),
        points.map((p) => p.info),
      ],
    );
  }

  /**
   * Adds a tally's counts to `source`, and its unique members: `whole` (a backfill, which read the
   * stored data whole) counts each bucket's set and keeps its members in `stats_seen`; `each` (the
   * stream, the store follower) counts a member only where `stats_seen` does not hold it yet, so
   * a structure the backfill counted in a bucket is not counted there again.
   */
  async add(
    db: Queryable,
    tally: Tally,
    source: Source,
    members: 'whole' | 'each' = source === 'backfill' ? 'whole' : 'each',
  ): Promise<void> {
    if (tally.counts.size) {
      const cols = columns([...tally.counts.keys()]);
      const values = [...tally.counts.values()];
      await db.query(
        `insert into stats_rollup (metric, period, bucket, series, source, count, amount)
         select m, p, b, s, $5, c, a
           from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $6::bigint[], $7::float8[])
             as t(m, p, b, s, c, a)
         on conflict (metric, period, bucket, series, source) do update
           set count = stats_rollup.count + excluded.count, amount = stats_rollup.amount + excluded.amount`,
        [...cols, source, values.map((v) => v.count), values.map((v) => v.amount)],
      );
    }
    if (!tally.members.size) return;
    const keys: string[] = [];
    const listed: string[] = [];
    for (const [key, set] of tally.members) {
      for (const m of set) {
        keys.push(key);
        listed.push(m);
      }
    }
    if (members === 'whole') {
      // Stored data is counted whole in one go: each bucket's distinct members are the set's size.
      const cols = columns([...tally.members.keys()]);
      const counts = [...tally.members.values()].map((set) => set.size);
      await db.query(
        `insert into stats_rollup (metric, period, bucket, series, source, count, amount)
         select m, p, b, s, $6, c, 0
           from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::bigint[]) as t(m, p, b, s, c)`,
        [...cols, counts, source],
      );
      await db.query(
        `insert into stats_seen (metric, period, bucket, series, member)
         select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[])
         on conflict do nothing`,
        [...columns(keys), listed],
      );
      return;
    }
    await db.query(
      `with fresh as (
         insert into stats_seen (metric, period, bucket, series, member)
         select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[])
         on conflict do nothing
         returning metric, period, bucket, series)
       insert into stats_rollup (metric, period, bucket, series, source, count, amount)
       select metric, period, bucket, series, $6, count(*), 0 from fresh group by 1, 2, 3, 4
       on conflict (metric, period, bucket, series, source) do update
         set count = stats_rollup.count + excluded.count`,
      [...columns(keys), listed, source],
    );
  }

  /**
   * Replaces the backfilled counts of `metrics` by `tally`, and the records seen of each kind of
   * `seen` by its ids (the store follower counts only records not seen), in one transaction.
   */
  async replaceBackfill(
    metrics: readonly string[],
    tally: Tally,
    until: Date,
    seen: ReadonlyMap<string, readonly string[]> = new Map(),
  ): Promise<void> {
    await transaction(this.pool, async (client) => {
      await client.query(`delete from stats_rollup where source = 'backfill' and metric = any($1)`, [
        metrics,
      ]);
      await this.add(client, tally, 'backfill');
      for (const [kind, ids] of seen) {
        await client.query('delete from stats_record_seen where kind = $1', [kind]);
        for (let i = 0; i < ids.length; i += 50_000) {
          await client.query(
            'insert into stats_record_seen (kind, id) select $1, unnest($2::text[]) on conflict do nothing',
            [kind, ids.slice(i, i + 50_000)],
          );
        }
      }
      for (const metric of metrics) {
        await client.query(
          `insert into stats_backfill (metric, until, rows, done_at) values ($1, $2, $3, now())
           on conflict (metric) do update set until = excluded.until, rows = excluded.rows, done_at = now()`,
          [metric, until, tally.size],
        );
      }
    });
  }

  /** Of `records` (kind and id), those not counted yet, now marked counted (in `db`'s transaction). */
  async markSeen(db: Queryable, records: readonly { kind: string; id: string }[]): Promise<Set<string>> {
    if (!records.length) return new Set();
    const r = await db.query<{ kind: string; id: string }>(
      `insert into stats_record_seen (kind, id) select * from unnest($1::text[], $2::text[])
       on conflict do nothing returning kind, id`,
      [records.map((x) => x.kind), records.map((x) => x.id)],
    );
    return new Set(r.rows.map((row) => `${row.kind}\u0000${row.id}`));
  }

  async backfilled(): Promise<Set<string>> {
    const r = await this.pool.query<{ metric: string }>('select metric from stats_backfill');
    return new Set(r.rows.map((row) => row.metric));
  }

  /** The latest bucket holding data for a metric, or null. */
  async latest(metric: string, period: Period): Promise<number | null> {
    const r = await this.pool.query<{ b: Date | null }>(
      'select max(bucket) as b from stats_rollup where metric = $1 and period = $2',
      [metric, period],
    );
    return r.rows[0]?.b ? r.rows[0].b.getTime() : null;
  }

  /** Counts per series and bucket for buckets in [from, to], every source added up. */
  async read(metric: string, period: Period, from: number, to: number): Promise<RollupRow[]> {
    const r = await this.pool.query<{ series: string; bucket: Date; count: string; amount: number }>(
      `select series, bucket, sum(count)::bigint as count, sum(amount) as amount from stats_rollup
        where metric = $1 and period = $2 and bucket >= $3 and bucket <= $4
        group by series, bucket`,
      [metric, period, new Date(from), new Date(to)],
    );
    return r.rows.map((row) => ({
      series: row.series,
      bucket: row.bucket.getTime(),
      count: Number(row.count),
      amount: Number(row.amount),
    }));
  }

  /** Counts per series before `before` (the opening totals of a cumulative chart). */
  async totalsBefore(metric: string, period: Period, before: number): Promise<Map<string, number>> {
    const r = await this.pool.query<{ series: string; count: string }>(
      `select series, sum(count)::bigint as count from stats_rollup
        where metric = $1 and period = $2 and bucket < $3 group by series`,
      [metric, period, new Date(before)],
    );
    return new Map(r.rows.map((row) => [row.series, Number(row.count)]));
  }

  /** The consumer's cursor, created (from the stream's start) when missing. */
  async cursor(db: Queryable, consumer: string, stream: string, lock = false): Promise<Cursor> {
    await db.query(
      `insert into stats_cursor (consumer, stream, last_seq, started_at, updated_at)
       values ($1, $2, 0, now(), now()) on conflict (consumer) do nothing`,
      [consumer, stream],
    );
    const r = await db.query<{ last_seq: string; started_at: Date }>(
      `select last_seq, started_at from stats_cursor where consumer = $1${lock ? ' for update' : ''}`,
      [consumer],
    );
    const row = r.rows[0] as { last_seq: string; started_at: Date };
    return { lastSeq: Number(row.last_seq), startedAt: row.started_at };
  }

  async moveCursor(db: Queryable, consumer: string, lastSeq: number): Promise<void> {
    await db.query('update stats_cursor set last_seq = $2, updated_at = now() where consumer = $1', [
      consumer,
      lastSeq,
    ]);
  }
}

function columns(keys: readonly string[]): [string[], string[], Date[], string[]] {
  const out: [string[], string[], Date[], string[]] = [[], [], [], []];
  for (const key of keys) {
    const k = splitKey(key);
    out[0].push(k.metric);
    out[1].push(k.period);
    out[2].push(k.bucket);
    out[3].push(k.series);
  }
  return out;
}

export const periodOf = (ms: number): Period => (ms === PERIOD_MS.h ? 'h' : 'd');

declare module 'fastify' {
  interface FastifyInstance {
    rollups: RollupStore;
  }
}

export const rollupStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('rollups', new RollupStore(app.pg));
  },
  { name: 'rollup-store', dependencies: ['postgres'] },
);
