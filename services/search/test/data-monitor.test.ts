import { DATA_MONITOR, type EnergyPage, type LatestEnergy } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { writeEnergyMonth } from '@console/world';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, startSearch } from './harness.ts';

const h = useSuite(() => startSearch({ customers: 60 }));
const dataUser = () => h.staff(['datauser'], 'Dana Data');
const NOW = new Date('2026-03-10T12:07:00Z');
const LATER = new Date('2026-03-10T13:07:00Z');
const body = (o: Partial<Record<string, unknown>> = {}) => ({
  macSerialsMap: {},
  fromDate: '2026-03-09T00:00:00Z',
  toDate: '2026-03-11T00:00:00Z',
  interval: 15,
  useIntervalShowAll: false,
  ...o,
});
const energy = async (params: Record<string, string>, b: object, op = 'search.getEnergy') =>
  data<EnergyPage>(await h.call(op, { caller: dataUser(), params, body: b }));

/** Readings of a meter of the test's own: (minutes after 2026-03-01T10:00Z, day total). */
async function meter(serial: string, readings: [number, number][]) {
  const t0 = Date.parse('2026-03-01T10:00:00Z');
  await h.pool.query(
    `insert into energy_readings (id, mac, serial, time, current_use, total_day_use, created_at)
     select 3000000000 + row_number() over () + (select count(*) from energy_readings), '74:0A:BC:00:00:01', $1,
       to_timestamp(m / 1000.0), 100, total, to_timestamp(m / 1000.0)
     from unnest($2::float8[], $3::numeric[]) as r(m, total)`,
    [serial, readings.map(([min]) => t0 + min * 60_000), readings.map(([, total]) => total)],
  );
}

beforeAll(async () => {
  expect(await writeEnergyMonth(h.pool, { now: NOW, days: 30, meters: 2 })).toBeGreaterThan(2 * 29 * 96);
  // Idempotent: again at the same moment adds nothing; an hour later adds that hour's 4 slots per meter.
  expect(await writeEnergyMonth(h.pool, { now: NOW, days: 30, meters: 2 })).toBe(0);
});

describe('the data monitor energy export', () => {
  it('answers data users only, checked by the service', async () => {
    const params = { page: '0' };
    for (const roles of [['support'], ['marketing'], ['stats']] as const) {
      const e = failure(
        await h.call('search.getEnergy', { caller: h.staff([...roles]), params, body: body() }),
      );
      expect(e.statusCode, roles[0]).toBe(403);
    }
    expect(failure(await h.call('search.getEnergy', { params, body: body() })).statusCode).toBe(401);
    expect((await energy(params, body())).rows.length).toBeGreaterThan(0);
  });

  it('stands for the fixed serial when none is given, one reading per 15 minutes, 30 to a page', async () => {
    const p = await energy({ page: '0' }, body());
    const [first] = (
      await h.pool.query('select serial from devices where device_type_id = 13 order by device_id limit 1')
    ).rows;
    expect(p.serials).toEqual([first.serial]);
    expect(p.count).toBe(DATA_MONITOR.graphLoad);
    expect(p.rows).toHaveLength(30);
    // 9 March 00:00 to 10 March 12:00 (the last slot up to NOW): 36 hours of quarters, plus one.
    expect(p.total).toBe(36 * 4 + 1);
    expect(p.pages).toBe(Math.ceil(p.total / 30));
    const gaps = p.rows.slice(1).map((r, i) => Date.parse(r.time) - Date.parse(p.rows[i]?.time as string));
    expect(new Set(gaps)).toEqual(new Set([15 * 60_000]));
    const next = await energy({ page: '1' }, body());
    expect(Date.parse(next.rows[0]?.time as string)).toBeGreaterThan(Date.parse(p.rows[29]?.time as string));
    const desc = await energy({ page: '0', order: 'desc', count: '5' }, body(), 'search.getEnergyCount');
    expect(desc.rows.map((r) => r.time)).toEqual([...desc.rows.map((r) => r.time)].sort().reverse());
    expect(desc.rows[0]?.time).toBe('2026-03-10T12:00:00.000Z');
  });

  it('keeps only differences of 0 or more and flags the others as _use_diff < 0', async () => {
    await meter('RULES1', [
      [0, 100],
      [15, 150],
      [30, 20],
      [45, 60],
      [14 * 60 + 15, 30], // 00:15 the next day: the day total starts again
    ]);
    const p = await energy(
      { page: '0' },
      body({
        macSerialsMap: { RULES1: '' },
        fromDate: '2026-03-01T00:00:00Z',
        toDate: '2026-03-03T00:00:00Z',
      }),
    );
    expect(p.rows.map((r) => [r._use_diff, r._debug])).toEqual([
      [null, null],
      [50, null],
      [null, '_use_diff < 0'],
      [40, null],
      [30, null],
    ]);
    expect(p.errorsTotal).toBe(1);
    expect(p.errors).toEqual([
      {
        time: '2026-03-01T10:30:00.000Z',
        serial: 'RULES1',
        mac: '74:0A:BC:00:00:01',
        diff: -130,
        message: '_use_diff < 0',
      },
    ]);
  });

  it('lists at most 100 errors and counts them all; buckets by interval unless all are asked for', async () => {
    // Every 5 minutes for 25 hours, each total below the one before: every difference is negative.
    await meter(
      'RESETS',
      Array.from({ length: 300 }, (_, i) => [i * 5, 100_000 - i] as [number, number]),
    );
    const range = {
      macSerialsMap: { RESETS: '74:0a:bc:00:00:01' },
      fromDate: '2026-03-01T10:00:00Z',
      toDate: '2026-03-01T20:00:00Z',
    };
    const all = await energy(
      { page: '0', order: 'asc', count: '500' },
      body({ ...range, useIntervalShowAll: true }),
      'search.getEnergyCount',
    );
    expect(all.total).toBe(120);
    expect(all.errorsTotal).toBe(119);
    expect(all.errors).toHaveLength(100);
    const quarters = await energy(
      { page: '0', order: 'asc', count: '500' },
      body(range),
      'search.getEnergyCount',
    );
    expect(quarters.total).toBe(40);
    // The last reading of each quarter: 10:10, 10:25, …
    expect(quarters.rows[0]?.time).toBe('2026-03-01T10:10:00.000Z');
    const wide = await energy({ page: '0' }, body({ ...range, interval: 60 }));
    expect(wide.total).toBe(10);
  });

  it('refuses a range the wrong way round, over 31 days, a bad MAC and a bad page, with a message', async () => {
    const cases = [
      body({ fromDate: '2026-03-02T00:00:00Z', toDate: '2026-03-01T00:00:00Z' }),
      body({ fromDate: '2026-01-01T00:00:00Z', toDate: '2026-03-01T00:00:00Z' }),
      body({ macSerialsMap: { RULES1: 'not-a-mac' } }),
      // A key outside the serial pattern, with a value that is not a MAC string (a fuzz case that
      // once answered 500).
      body({ macSerialsMap: { '.]P*|p': [null, 'x', true] } as unknown as Record<string, string> }),
      body({ interval: 0 }),
    ];
    for (const b of cases) {
      const e = failure(
        await h.call('search.getEnergy', { caller: dataUser(), params: { page: '0' }, body: b }),
      );
      expect(e.statusCode, JSON.stringify(b)).toBe(400);
      expect(e.message).toMatch(/\w/);
    }
    const e = failure(
      await h.call('search.getEnergy', { caller: dataUser(), params: { page: 'x' }, body: body() }),
    );
    expect(e.statusCode).toBe(400);
  });
});

describe('the latest readings', () => {
  it('gives the latest energy of a serial on a WFL by the last 8 digits of its MAC, to support too', async () => {
    const [r] = (
      await h.pool.query('select serial, mac, total_day_use::float8 as total from latest_energy limit 1')
    ).rows;
    const mac8 = r.mac.replace(/:/g, '').slice(-8).toLowerCase();
    const got = data<LatestEnergy>(
      await h.call('search.getLatestEnergy', {
        caller: h.staff(['support']),
        params: { serial: r.serial, mac8 },
      }),
    );
    expect(got).toMatchObject({ serial: r.serial, mac: r.mac, total_day_use: r.total });
    const none = await h.call('search.getLatestTemps', {
      caller: dataUser(),
      params: { serial: r.serial, mac8 },
    });
    expect(data(none)).toBeNull();
    const refused = failure(
      await h.call('search.getLatestEnergy', {
        caller: h.staff(['marketing']),
        params: { serial: r.serial, mac8 },
      }),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the energy month', () => {
  it('adds only the slots time has added when written again later', async () => {
    // An hour after the first write (beforeAll): 4 new quarters for each of the two meters, nothing doubled.
    const before = Number((await h.pool.query('select count(*) from energy_readings')).rows[0].count);
    expect(await writeEnergyMonth(h.pool, { now: LATER, days: 30, meters: 2 })).toBe(2 * 4);
    const after = Number((await h.pool.query('select count(*) from energy_readings')).rows[0].count);
    expect(after - before).toBe(8);
  });
});

describe('the data monitor timer and event counts', () => {
  it('counts the timers and events keyed by a MAC, by the MAC as staff see it too', async () => {
    const [w] = (
      await h.pool.query(
        `select mac, count(*) filter (where kind = 'timer')::int as timers, count(*) filter (where kind = 'event')::int as events
         from timers where mac like '74:0A:BC:%' group by mac order by count(*) desc limit 1`,
      )
    ).rows;
    expect(w.timers + w.events).toBeGreaterThan(0);
    const support = h.staff(['support']);
    for (const mac of [w.mac, w.mac.slice(9).replace(/:/g, '')]) {
      const got = data(await h.call('search.getTimerEvents', { caller: support, params: { mac } }));
      expect(got).toEqual({ mac: w.mac, timers: w.timers, events: w.events });
    }
    const bad = failure(
      await h.call('search.getTimerEvents', { caller: support, params: { mac: 'zzzzzz' } }),
    );
    expect(bad.statusCode).toBe(400);
    const refused = failure(
      await h.call('search.getTimerEvents', { caller: h.staff(['marketing']), params: { mac: w.mac } }),
    );
    expect(refused.statusCode).toBe(403);
  });
});
