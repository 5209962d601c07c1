import {
  analyticsOperations,
  COCO_NEXA_PREFIXES,
  displayMac,
  type ProductStructures,
  type RecentStructures,
  type RecentUsers,
  type TopStructures,
  type UserTrack,
} from '@console/contracts';
import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationOf } from '../src/read-models/generation.ts';
import { data, failure, type StatsHarness, startStatsBuilt } from './harness.ts';

let h: StatsHarness;
const support = () => h.staff(['support']);
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startStatsBuilt({ customers: 120, env: { BACKFILL: 'off' } });
});
afterAll(async () => {
  await h?.close();
});

const products = () => h.db.collection('products');
const structures = () => h.db.collection('structures');
/** Every product, by structure, read once (one query per structure is slow on a loaded machine). */
async function productsBy(): Promise<Map<string, Document[]>> {
  const out = new Map<string, Document[]>();
  for (const p of await products().find({}).toArray())
    out.set(p.rootGroupId, [...(out.get(p.rootGroupId) ?? []), p]);
  return out;
}

describe('structure analytics', () => {
  it('recent product structures: 7 days ending with the newest structure, counts per generation', async () => {
    // A year, so the small world has structures in it; the default range is checked below.
    const newest = (await structures().find().sort({ createdDate: -1 }).limit(1).toArray())[0];
    const to = (newest?.createdDate as Date | undefined)?.toISOString() ?? new Date().toISOString();
    const from = new Date(Date.parse(to) - 365 * DAY).toISOString();
    const a = data<ProductStructures>(
      await h.call('stats.productStructuresRecent', {
        caller: support(),
        query: { fromDate: from, toDate: to },
      }),
    );
    const inRange = await structures().countDocuments({
      createdDate: { $gte: new Date(from), $lte: new Date(to) },
    });
    expect(inRange).toBeGreaterThan(3);
    expect(a.summary.total).toBe(inRange);
    expect(a.summary.totalShown).toBe(Math.min(inRange, 2000));
    let empty = 0;
    let smart = 0;
    const by = await productsBy();
    for (const s of a.structures) {
      const own = by.get(s.rootGroupId) ?? [];
      expect(s.total, s.rootGroupId).toBe(own.length);
      expect(s.connect).toBe(own.filter((p) => generationOf(p) === 'connect').length);
      if (own.length === 0) empty++;
      if (own.some((p) => generationOf(p) === 'smart')) smart++;
    }
    expect(a.summary.empty).toBe(empty);
    expect(a.summary.percent.smart).toBeCloseTo((100 * smart) / inRange, 1);

    const dflt = data<ProductStructures>(
      await h.call('stats.productStructuresRecent', { caller: support() }),
    );
    expect(Date.parse(dflt.to) - Date.parse(dflt.from)).toBe(7 * DAY);
    expect(dflt.to).toBe(to);
    const limited = data<ProductStructures>(
      await h.call('stats.productStructuresRecent', {
        caller: support(),
        query: { fromDate: from, toDate: to, limit: '2' },
      }),
    );
    expect(limited.structures).toHaveLength(2);
    expect(limited.summary.total).toBe(inRange);
  });

  it('recent structures: L2 hubs subtracted from smart, empty structures counted and not listed', async () => {
    const to = new Date().toISOString();
    const from = '2000-01-01';
    const a = data<RecentStructures>(
      await h.call('stats.structuresRecent', { caller: support(), query: { fromDate: from, toDate: to } }),
    );
    const all = await structures().countDocuments({});
    expect(a.summary.total).toBe(all);
    const withDevices = (await products().distinct('rootGroupId')).length;
    expect(a.summary.empty).toBe(all - withDevices);
    expect(a.structures).toHaveLength(withDevices);
    const by = await productsBy();
    for (const s of a.structures) {
      const own = by.get(s.rootGroupId) ?? [];
      const l2 = own.filter((p) => p.productCode === 'L2').length;
      expect(s.l2).toBe(l2);
      expect(s.smart).toBe(own.filter((p) => generationOf(p) === 'smart').length - l2);
      expect(s.total).toBeGreaterThan(0);
    }
    expect(a.summary.smart).toBe(a.structures.reduce((n, s) => n + s.smart, 0));

    const dflt = data<RecentStructures>(await h.call('stats.structuresRecent', { caller: support() }));
    expect(Date.parse(dflt.to) - Date.parse(dflt.from)).toBe(14 * DAY);
  });

  it('top structures: the most devices first, with owner, automations and groups', async () => {
    const a = data<TopStructures>(
      await h.call('stats.topStructures', { caller: support(), query: { top: '5' } }),
    );
    expect(a.structures).toHaveLength(5);
    const counts = new Map<string, number>();
    for (const p of await products()
      .find({}, { projection: { rootGroupId: 1 } })
      .toArray())
      counts.set(p.rootGroupId, (counts.get(p.rootGroupId) ?? 0) + 1);
    const fifth = [...counts.values()].sort((x, y) => y - x)[4] as number;
    for (const s of a.structures) {
      const doc = await structures().findOne({ rootGroupId: s.rootGroupId });
      expect(s.devices).toBe(Object.keys(doc?.devices ?? {}).length);
      expect(s.groups).toBe(Object.keys(doc?._groups ?? {}).length);
      expect(s.automations).toBe(Object.keys(doc?.automations ?? {}).length);
      expect(counts.get(s.rootGroupId)).toBeGreaterThanOrEqual(fifth);
      expect(s.user).toMatch(/@/);
    }
    const devices = a.structures.map((s) => s.devices);
    expect(devices).toEqual([...devices].sort((x, y) => y - x));
    expect(
      data<TopStructures>(await h.call('stats.topStructures', { caller: support() })).structures.length,
    ).toBe(Math.min(30, counts.size));
  });
});

describe('user analytics', () => {
  it('new users from a date, with their devices and who shares their structures', async () => {
    const a = data<RecentUsers>(
      await h.call('stats.recentUsers', { caller: support(), query: { fromDate: '2000-01-01' } }),
    );
    expect(a.users).toHaveLength(await h.db.collection('users').countDocuments({}));
    const shared = a.users.find((u) => u.structures.some((s) => s.otherUsers.length > 0));
    expect(shared).toBeDefined();
    const someone = a.users.find((u) => u.structures.length > 0) as RecentUsers['users'][number];
    const ids = someone.structures.map((s) => s.rootGroupId);
    expect(someone.devices).toBe(await products().countDocuments({ rootGroupId: { $in: ids } }));

    const dflt = data<RecentUsers>(await h.call('stats.recentUsers', { caller: support() }));
    for (const u of dflt.users)
      expect(Date.parse(u.createdDate)).toBeGreaterThanOrEqual(Date.parse(dflt.from));
  });

  it('user track: Gen1 links added in the range, coco/nexa left out unless asked for', async () => {
    const query = { from: '2000/01/01', to: '2100/01/01' };
    const without = data<UserTrack>(await h.call('stats.userTrack', { caller: support(), query }));
    const withInternal = data<UserTrack>(
      await h.call('stats.userTrack', { caller: support(), query: { ...query, cocoNexa: 'true' } }),
    );
    const links = Number((await h.pool.query('select count(*) as n from wfls')).rows[0].n);
    expect(withInternal.rows).toHaveLength(links);
    const internal = (mac: string) => COCO_NEXA_PREFIXES.some((p) => displayMac(mac).startsWith(p));
    expect(without.rows.some((r) => internal(r.mac))).toBe(false);
    expect(without.rows).toHaveLength(withInternal.rows.filter((r) => !internal(r.mac)).length);
    expect(withInternal.rows.some((r) => internal(r.mac))).toBe(true);

    const heating = Number(
      (
        await h.pool.query(
          'select count(distinct wfl_id) as n from devices where device_type_id between 9 and 12',
        )
      ).rows[0].n,
    );
    expect(withInternal.rows.filter((r) => r.heating)).toHaveLength(heating);
    for (const r of withInternal.rows) expect(r.ageDays).toBeGreaterThanOrEqual(0);

    const dflt = data<UserTrack>(await h.call('stats.userTrack', { caller: support() }));
    expect(Date.parse(dflt.to) - Date.parse(dflt.from)).toBe(30 * DAY);
  });

  it('refuses callers without support or dev, and bad input', async () => {
    for (const { id } of analyticsOperations) {
      expect(failure(await h.call(id, { caller: h.staff(['stats']) })).statusCode, id).toBe(403);
      expect(failure(await h.call(id, { caller: null })).statusCode, id).toBe(401);
    }
    expect(
      failure(await h.call('stats.topStructures', { caller: support(), query: { top: '0' } })).statusCode,
    ).toBe(400);
    expect(
      failure(
        await h.call('stats.structuresRecent', {
          caller: support(),
          query: { fromDate: '2025-02-01', toDate: '2025-01-01' },
        }),
      ).statusCode,
    ).toBe(400);
    expect(
      failure(await h.call('stats.userTrack', { caller: support(), query: { from: '2025-01-01' } }))
        .statusCode,
    ).toBe(400);
  });
});
