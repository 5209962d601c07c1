import { grownGen1Ids } from '@console/contracts';
import type pg from 'pg';
import type { BackfillSource } from './backfill-mongo.ts';
import type { Increment } from './counts.ts';
import { RECORD_COUNTERS } from './record-counts.ts';

/**
 * Per-hour counts straight from Postgres: the Gen1 tables are large and SQL groups them cheaply.
 * `$1` is the backfill's end; where `$2` and `$3` are given, they are the ids of the growth's rows,
 * which the SQL leaves out (`grown` reads them).
 */
async function hourly(
  pool: pg.Pool,
  sql: string,
  until: Date,
  grownIds: { from: number; to: number } | null,
  emit: (series: string, at: number, count: number, amount: number) => void,
) {
  const params = grownIds ? [until, grownIds.from, grownIds.to] : [until];
  const r = await pool.query<{ series: string; b: Date; n: string; amount: number | null }>(sql, params);
  for (const row of r.rows) emit(row.series, row.b.getTime(), Number(row.n), Number(row.amount ?? 0));
}

/**
 * The world growth's rows of a Gen1 table, each counted once whenever dated: here with its id
 * kept (`seen`), or later by the store follower from the growth's announcement. `sql` selects
 * `id` and `"createdDate"` (and what the kind's counter reads) of ids between `$1` and `$2`.
 */
async function grown(
  pool: pg.Pool,
  kind: 'commandQueue' | 'wfls',
  sql: string,
  emit: (inc: Increment) => void,
  seen: (kind: string, id: string) => void,
) {
  const ids = grownGen1Ids(kind);
  const r = await pool.query<{ id: string }>(sql, [ids.from, ids.to]);
  for (const row of r.rows) {
    seen(kind, String(row.id));
    RECORD_COUNTERS[kind].count(row, emit, 0);
  }
}

/** Gen1: the command queue (commands, latency) and the data monitor's daily inserts. */
export function gen1Sources(pool: pg.Pool): BackfillSource[] {
  return [
    {
      name: 'gen1 commands',
      metrics: RECORD_COUNTERS.commandQueue.metrics,
      kinds: ['commandQueue'],
      read: async (until, emit, seen) => {
        const ids = grownGen1Ids('commandQueue');
        // Counted under their own metric, added to the commands and duration tabs when read.
        await hourly(
          pool,
          `select 'gen1.command' as series, to_timestamp(floor(extract(epoch from request_date) / 3600) * 3600) as b, count(*) as n,
                  null as amount
             from command_queue where request_date < $1 and id not between $2 and $3 group by 2`,
          until,
          ids,
          (series, at, count) => emit({ metric: 'gen1Commands', series, at, count }),
        );
        // Latency only of the commands that were answered, for the duration tab's averages.
        await hourly(
          pool,
          `select 'gen1.command' as series, to_timestamp(floor(extract(epoch from request_date) / 3600) * 3600) as b,
                  count(*) as n, sum(latency) as amount
             from command_queue where request_date < $1 and latency is not null and id not between $2 and $3
            group by 2`,
          until,
          ids,
          (series, at, count, amount) => emit({ metric: 'gen1Latency', series, at, count, amount }),
        );
        await grown(
          pool,
          'commandQueue',
          `select id::text as id, request_date as "createdDate", latency from command_queue where id between $1 and $2`,
          emit,
          seen,
        );
      },
    },
    {
      name: 'data monitor',
      metrics: ['dm'],
      kinds: ['wfls'],
      read: async (until, emit, seen) => {
        const day = (sql: string, ids: { from: number; to: number } | null = null) =>
          hourly(pool, sql, until, ids, (series, at, count) =>
            emit({ metric: 'dm', series, at, count, only: 'd' }),
          );
        await day(
          `select 'new_wfls' as series, to_timestamp(created - created % 86400) as b, count(*) as n, null as amount
             from wfls where to_timestamp(created) < $1 and wfl_id not between $2 and $3 group by 2`,
          grownGen1Ids('wfls'),
        );
        await grown(
          pool,
          'wfls',
          `select wfl_id::text as id, to_timestamp(created) as "createdDate" from wfls where wfl_id between $1 and $2`,
          emit,
          seen,
        );
        await day(
          `select 'hub_inserts' as series, to_timestamp(floor(extract(epoch from date) / 86400) * 86400) as b, count(*) as n, null as amount
             from pings where date < $1 group by 2`,
        );
        await day(
          `select 'energy_inserts' as series, to_timestamp(floor(extract(epoch from time) / 86400) * 86400) as b, count(*) as n, null as amount
             from energy_readings where time < $1 group by 2`,
        );
        await day(
          `select 'temperature_inserts' as series, to_timestamp(floor(extract(epoch from time) / 86400) * 86400) as b, count(*) as n, null as amount
             from latest_temperature where time < $1 group by 2`,
        );
        await day(
          `select 'trigger_inserts' as series, (start_date - date '1970-01-01') * interval '1 day' + timestamptz 'epoch' as b, count(*) as n, null as amount
             from timers where start_date < $1::timestamptz group by 2`,
        );
      },
    },
  ];
}
