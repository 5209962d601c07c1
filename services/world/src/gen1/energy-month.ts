import type pg from 'pg';
import { Rng } from '../rng.ts';
import { DAY, MINUTE, SECOND } from '../time.ts';

export interface EnergyMonthOptions {
  /** The end of the history (the real clock for the demo: the data monitor opens on yesterday to tomorrow). */
  now?: Date;
  days?: number;
  /** How many energy meters get the history: the world's first ones by device id. */
  meters?: number;
}

const STEP = 15 * MINUTE;
/** Ids above the generator's per-customer blocks (index × 128 stays far under 2^50), by (device, slot). */
const ID_BASE = 2 ** 50;
const SLOTS_PER_METER = 2 ** 24;

interface Meter {
  serial: string;
  mac: string;
  device_id: string;
}

/**
 * A month of 15-minute energy readings up to `now` for the first energy meters of a loaded world,
 * so the data monitor shows data on its default range. The world itself keeps its fixed clock; this
 * is the demo's (and the browser test's) top-up on the real clock. Idempotent: a day's readings come
 * from a stream seeded by (device, day), and ids from (device, slot), so running again only adds the
 * slots that time has added. Now and then a meter resets mid-day (the '_use_diff < 0' the export flags).
 */
export async function writeEnergyMonth(pool: pg.Pool, o: EnergyMonthOptions = {}): Promise<number> {
  const now = (o.now ?? new Date()).getTime();
  const end = Math.floor(now / STEP) * STEP;
  const start = Math.floor((end - (o.days ?? 30) * DAY) / DAY) * DAY;
  const { rows: meters } = await pool.query<Meter>(
    `select d.serial, w.mac, d.device_id::text as device_id
     from devices d join wfls w on w.wfl_id = d.wfl_id
     where d.device_type_id = 13 order by d.device_id limit $1`,
    [o.meters ?? 5],
  );
  let written = 0;
  for (const meter of meters) {
    const cols = {
      id: [] as string[],
      time: [] as Date[],
      use: [] as number[],
      total: [] as number[],
      created: [] as Date[],
    };
    for (let day = start; day <= end; day += DAY) {
      const rng = new Rng(Number(meter.device_id) * 100_003 + day / DAY);
      let use = rng.int(100, 1500);
      let total = 0;
      for (let t = day; t < day + DAY && t <= end; t += STEP) {
        use = Math.max(0, use + rng.int(-250, 250));
        total = rng.chance(0.002) ? rng.int(0, 20) : total + Math.round((use * 15) / 60);
        cols.id.push(
          String(ID_BASE + Number(meter.device_id) * SLOTS_PER_METER + ((t / STEP) % SLOTS_PER_METER)),
        );
        cols.time.push(new Date(t));
        cols.use.push(use);
        cols.total.push(total);
        cols.created.push(new Date(t + rng.int(1, 30) * SECOND));
      }
    }
    const r = await pool.query(
      `insert into energy_readings (id, mac, serial, time, current_use, total_day_use, created_at)
       select id, $2, $3, time, use, total, created
       from unnest($1::bigint[], $4::timestamptz[], $5::numeric[], $6::numeric[], $7::timestamptz[])
         as r(id, time, use, total, created)
       on conflict (id) do nothing`,
      [cols.id, meter.mac, meter.serial, cols.time, cols.use, cols.total, cols.created],
    );
    written += r.rowCount ?? 0;
  }
  return written;
}
