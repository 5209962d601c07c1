import type pg from 'pg';
import type { BackfillSource } from './backfill-mongo.ts';

/** Per-hour counts straight from Postgres: the Gen1 tables are large and SQL groups them cheaply. */
async function hourly(
  pool: pg.Pool,
  sql: string,
  until: Date,
  emit: (series: string, at: number, count: number, amount: number) => void,
) {
  const r = await pool.query<{ series: string; b: Date; n: string; amount: number | null }>(sql, [until]);
  for (const row of r.rows) emit(row.series, row.b.getTime(), Number(row.n), Number(row.amount ?? 0));
}

/** Gen1: the command queue (commands, latency) and the data monitor's daily inserts. */
export function gen1Sources(pool: pg.Pool): BackfillSource[] {
  return [
    {
      name: 'gen1 commands',
      metrics: ['gen1Commands', 'gen1Latency'],
      read: async (until, emit) => {
        // Counted under their own metric, added to the commands and duration tabs when read.
        await hourly(
          pool,
          `select 'gen1.command' as series, to_timestamp(floor(extract(epoch from request_date) / 3600) * 3600) as b, count(*) as n,
                  null as amount
             from command_queue where request_date < $1 group by 2`,
          until,
          (series, at, count) => emit({ metric: 'gen1Commands', series, at, count }),
        );
        // Latency only of the commands that were answered, for the duration tab's averages.
        await hourly(
          pool,
          `select 'gen1.command' as series, to_timestamp(floor(extract(epoch from request_date) / 3600) * 3600) as b,
                  count(*) as n, sum(latency) as amount
             from command_queue where request_date < $1 and latency is not null group by 2`,
          until,
          (series, at, count, amount) => emit({ metric: 'gen1Latency', series, at, count, amount }),
        );
      },
    },
    {
      name: 'data monitor',
      metrics: ['dm'],
      read: async (until, emit) => {
        const day = (sql: string) =>
          hourly(pool, sql, until, (series, at, count) =>
            emit({ metric: 'dm', series, at, count, only: 'd' }),
          );
        await day(
          `select 'new_wfls' as series, to_timestamp(created - created % 86400) as b, count(*) as n, null as amount
             from wfls where to_timestamp(created) < $1 group by 2`,
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
