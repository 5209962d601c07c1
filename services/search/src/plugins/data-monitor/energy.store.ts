import {
  DATA_MONITOR,
  type EnergyError,
  type EnergyPage,
  type EnergyRow,
  type LatestEnergy,
  type LatestTemperature,
  type TimerEventCounts,
} from '@console/contracts';
import type pg from 'pg';
import { defaultSerialSql, errorsSql, pageSql } from './energy-sql.ts';

export interface EnergyQuery {
  /** Serial → stored MAC ('' for any WFL). */
  serials: Map<string, string>;
  from: Date;
  to: Date;
  interval: number;
  showAll: boolean;
  page: number;
  count: number;
  order: 'asc' | 'desc';
}

interface DiffRow {
  serial: string;
  mac: string;
  time: Date;
  current_use: number;
  total_day_use: number;
  created_at: Date;
  diff: number | null;
  total: number;
}

const iso = (d: Date) => d.toISOString();

/** The Gen1 energy and temperature readings the data monitor and the Temp/Energy panels read. */
export class EnergyReadings {
  private readonly pg: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pg = pool;
  }

  /** The serial an empty list stands for; null when the world has no energy meter. */
  async defaultSerial(): Promise<string | null> {
    const { rows } = await this.pg.query<{ serial: string }>(defaultSerialSql);
    return rows[0]?.serial ?? null;
  }

  async page(q: EnergyQuery): Promise<EnergyPage> {
    const serials = [...q.serials.keys()];
    const base = [serials, serials.map((s) => q.serials.get(s) ?? ''), q.from, q.to, q.interval, q.showAll];
    const [page, errors] = await Promise.all([
      this.pg.query<DiffRow>(pageSql(q.order), [...base, q.count, q.page * q.count]),
      this.pg.query<DiffRow>(errorsSql, [...base, DATA_MONITOR.maxErrors]),
    ]);
    // Past the last page the window count is gone with the rows: count the range again.
    const total = page.rows[0]?.total ?? (q.page > 0 ? await this.total(base) : 0);
    return {
      rows: page.rows.map(toRow),
      page: q.page,
      count: q.count,
      order: q.order,
      total,
      pages: Math.ceil(total / q.count),
      serials,
      errors: errors.rows.map(toError),
      errorsTotal: errors.rows[0]?.total ?? 0,
    };
  }

  private async total(base: unknown[]): Promise<number> {
    const { rows } = await this.pg.query<DiffRow>(pageSql('asc'), [...base, 1, 0]);
    return rows[0]?.total ?? 0;
  }

  /** Timers and events keyed by this MAC, whichever account's WFL they were made on. */
  async timerEvents(mac: string): Promise<TimerEventCounts> {
    const { rows } = await this.pg.query<{ timers: number; events: number }>(
      `select count(*) filter (where kind = 'timer')::int as timers, count(*) filter (where kind = 'event')::int as events
       from timers where mac = $1`,
      [mac],
    );
    return { mac, timers: rows[0]?.timers ?? 0, events: rows[0]?.events ?? 0 };
  }

  latestEnergy(serial: string, mac8: string): Promise<LatestEnergy | null> {
    return this.latest('latest_energy', ['current_use', 'total_day_use'], serial, mac8);
  }

  latestTemps(serial: string, mac8: string): Promise<LatestTemperature | null> {
    return this.latest('latest_temperature', ['current_temp', 'current_target'], serial, mac8);
  }

  /** The newest row of a `latest_*` table for a device serial on a link (last 8 digits of its MAC). */
  private async latest<T>(
    table: string,
    readings: string[],
    serial: string,
    mac8: string,
  ): Promise<T | null> {
    const numbers = readings.map((c) => `${c}::float8 as ${c}`).join(', ');
    const { rows } = await this.pg.query(
      `select mac, serial, time, ${numbers}
       from ${table} where serial = $1 and right(replace(mac, ':', ''), 8) = upper($2)
       order by time desc limit 1`,
      [serial, mac8],
    );
    const r = rows[0];
    return r ? { ...r, time: iso(r.time) } : null;
  }
}

function toRow(r: DiffRow): EnergyRow {
  const rejected = r.diff !== null && r.diff < 0;
  return {
    time: iso(r.time),
    serial: r.serial,
    mac: r.mac,
    current_use: r.current_use,
    total_day_use: r.total_day_use,
    created_at: iso(r.created_at),
    _use_diff: rejected ? null : r.diff,
    _debug: rejected ? DATA_MONITOR.useDiffError : null,
  };
}

function toError(r: DiffRow): EnergyError {
  return {
    time: iso(r.time),
    serial: r.serial,
    mac: r.mac,
    diff: r.diff ?? 0,
    message: DATA_MONITOR.useDiffError,
  };
}
