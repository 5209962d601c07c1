import type { ProductsByDate, RowsAnswer, StatsAnswer, UsersWithApi, VoiceUsers } from '@console/contracts';
import { STATS_KINDS, STATS_TEXT } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKFILL_METRICS } from '../src/plugins/backfill.ts';
import { data, failure, type StatsHarness, startStatsBuilt, until } from './harness.ts';

let h: StatsHarness;
const stats = () => h.staff(['stats']);

beforeAll(async () => {
  h = await startStatsBuilt({ customers: 120 });
  // The first leader backfills stored data before it counts the stream.
  await until(
    async () =>
      (await h.pool.query('select count(*)::int as n from stats_backfill')).rows[0].n >=
      BACKFILL_METRICS({ pool: h.pool, db: h.db }).length,
    60_000,
    'backfill',
  );
});
afterAll(async () => {
  await h?.close();
});

describe('discovery', () => {
  it('answers $SRV pings as the stats service (what `nats micro ls` lists)', async () => {
    // Every stats instance on this NATS answers (other test runs' too): one of them is ours.
    const replies = await h.nc.requestMany('$SRV.PING.stats', undefined, { maxWait: 1500 });
    const prefixes: string[] = [];
    for await (const m of replies) {
      const info = JSON.parse(new TextDecoder().decode(m.data));
      if (info.name === 'stats') prefixes.push(info.metadata?.prefix);
    }
    expect(prefixes).toContain(h.prefix);
  });
});

describe('the statistics tabs', () => {
  it('answer products per code from the stored products, the last `limit` days ending with the latest', async () => {
    const a = data<StatsAnswer>(
      await h.call('stats.tab', {
        caller: stats(),
        params: { kind: 'products' },
        query: { limit: '400', period: '86400000' },
      }),
    );
    expect(a.buckets).toHaveLength(400);
    const inWindow = await h.db
      .collection('products')
      .countDocuments({ createdDate: { $gte: new Date(a.from as string), $lt: new Date(a.to as string) } });
    expect(a.series.reduce((n, s) => n + s.total, 0)).toBe(inWindow);
    expect(inWindow).toBeGreaterThan(0);
    for (const s of a.series) expect(s.values).toHaveLength(400);
  });

  it('answer every kind and both projections for a stats user', async () => {
    // Every kind but products (asked above with its own window).
    for (const kind of STATS_KINDS.filter((k) => k !== 'products')) {
      const a = data<StatsAnswer>(
        await h.call('stats.tab', { caller: stats(), params: { kind }, query: { limit: '30' } }),
      );
      expect(a.series.length, kind).toBeGreaterThan(0);
    }
    for (const projection of ['products', 'commands.general.logs']) {
      const a = data<StatsAnswer>(
        await h.call('stats.any', { caller: stats(), query: { projection, period: '3600000' } }),
      );
      expect(a.period).toBe(3_600_000);
      expect(a.series.length, projection).toBeGreaterThan(0);
    }
    const logs = data<StatsAnswer>(
      await h.call('stats.any', { caller: stats(), query: { projection: 'commands.general.logs' } }),
    );
    expect(Object.keys(logs.series[0]?.tags ?? {})).toEqual(['source', 'group', 'level']);
  });

  it('refuse a limit of 0, a pie size over the limit and callers without the stats role', async () => {
    const zero = failure(
      await h.call('stats.tab', { caller: stats(), params: { kind: 'products' }, query: { limit: '0' } }),
    );
    expect(zero.statusCode).toBe(400);
    const pie = failure(
      await h.call('stats.tab', {
        caller: stats(),
        params: { kind: 'products' },
        query: { limit: '5', pieSize: '6' },
      }),
    );
    expect(pie).toMatchObject({ statusCode: 400, fields: { pieSize: expect.stringContaining('(5)') } });
    const support = failure(
      await h.call('stats.tab', { caller: h.staff(['support']), params: { kind: 'products' } }),
    );
    expect(support.statusCode).toBe(403);
    expect(failure(await h.call('stats.daily', { caller: h.staff(['marketing']) })).statusCode).toBe(403);
    expect(
      failure(await h.call('stats.tab', { caller: null, params: { kind: 'products' } })).statusCode,
    ).toBe(401);
  });
});

describe('the Support Plus panel and protocol errors', () => {
  it('give 182 days of products with running totals that end at the stored count', async () => {
    const p = data<ProductsByDate>(
      await h.call('stats.productsByDate', { caller: h.staff(['support']), query: {} }),
    );
    expect(p.days).toHaveLength(182);
    const l2 = p.products.find((x) => x.productCode === 'L2');
    const stored = await h.db
      .collection('products')
      .countDocuments({ productCode: 'L2', createdDate: { $lt: new Date(p.to as string) } });
    expect(l2?.totals.at(-1)).toBe(stored);
  });

  it('list hub firmware in use, the config highs and HomeKit pairing, 9 entries at most', async () => {
    const s = data<{
      hubs: number;
      homeKitPaired: number;
      firmware: { version: string; hubs: number }[];
      configHighs: { configNumber: number }[];
    }>(await h.call('stats.hubSummary', { caller: h.staff(['support']) }));
    expect(s.hubs).toBe(await h.db.collection('hubs').countDocuments());
    expect(s.homeKitPaired).toBe(await h.db.collection('hubs').countDocuments({ homeKitPaired: true }));
    expect(s.firmware.length).toBeLessThanOrEqual(9);
    const top = await h.db.collection('hubs').find().sort({ configNumber: -1 }).limit(1).toArray();
    expect(s.configHighs[0]?.configNumber).toBe(top[0]?.configNumber);
  });

  it('refuse a from date after the to date on protocol errors; default to 15 days', async () => {
    const bad = failure(
      await h.call('stats.protocolErrors', {
        caller: stats(),
        body: { filter: { createdDate: { $gte: '2025-05-10T00:00:00Z', $lte: '2025-05-01T00:00:00Z' } } },
      }),
    );
    expect(bad).toMatchObject({ statusCode: 400, message: STATS_TEXT.fromAfterTo });
    const ok = data<StatsAnswer>(await h.call('stats.protocolErrors', { caller: stats(), body: {} }));
    expect(ok.buckets).toHaveLength(15);
  });
});

describe('the graph screens', () => {
  it('count Gen1 commands acknowledged or not, by latency bucket and per day', async () => {
    const acks = data<RowsAnswer>(
      await h.call('stats.ackStats', { caller: stats(), params: { unit: 'Day' }, query: {} }),
    );
    const [{ n }] = (
      await h.pool.query(
        'select count(*)::int as n from command_queue where request_date between $1 and $2',
        [acks.from, acks.to],
      )
    ).rows;
    expect(acks.rows.reduce((s, r) => s + (r.total ?? 0), 0)).toBe(n);
    expect(n).toBeGreaterThan(0);
    const demand = data<RowsAnswer>(
      await h.call('stats.demand', { caller: stats(), params: { interval: '10' }, query: {} }),
    );
    expect(
      demand.rows.every((r) =>
        ['0-1', '1-2', '2-3', '3-4', '4-5', '5-10', '10-20', '20+'].includes(r.interval_range),
      ),
    ).toBe(true);
    const daily = data<RowsAnswer>(await h.call('stats.daily', { caller: stats(), query: {} }));
    expect(daily.rows.length).toBeGreaterThan(0);
  });

  it('answer voice users, data monitor rows and the integration table', async () => {
    const api = data<UsersWithApi>(await h.call('stats.usersWithApi', { caller: stats() }));
    // Per day: every Gen1 user counted once on the day of its creation; every voice user listed.
    const gen1 = await h.pool.query<{ created: string; role: string | null }>(
      'select created, role from users',
    );
    expect(api.allUsers.reduce((n, d) => n + d.users, 0)).toBe(gen1.rowCount);
    for (const d of api.allUsers) expect(d.created % 86_400).toBe(0);
    const voiceCount = gen1.rows.filter((u) => u.role === 'api_user').length;
    expect(voiceCount).toBeGreaterThan(0);
    expect([api.voiceUsers, api.alexaUsers.length]).toEqual([voiceCount, voiceCount]);
    for (const u of api.alexaUsers) expect(api.alexaUserCreatedAt[u.email.toLowerCase()]).toBe(u.created);
    const dm = data<{ rows: { date: string; new_wfls: number }[] }>(
      await h.call('stats.dmStatistics', { caller: stats(), query: {} }),
    );
    expect(dm.rows).toHaveLength(90);
    const voice = data<VoiceUsers>(
      await h.call('stats.usersPercentWithVoice', { caller: h.staff(['support']) }),
    );
    expect(voice.byType.map((t) => t.type)).toEqual(['alexa', 'google', 'smartthings']);
    expect(voice.totalUsers).toBeGreaterThan(0);
  });

  it('refuse a dense graph over more than 3650 days with a 400 and keep answering', async () => {
    // One row per day with or without data: the fuzz's 2026 → 2618 once stopped the service.
    const long = [
      ['stats.dmStatistics', { query: { from: '2026-10-27', to: '2618-09-14' } }],
      ['stats.dmStatistics', { query: { from: '0001-01-01' } }],
      [
        'stats.protocolErrors',
        { body: { filter: { createdDate: { $gte: '1900-01-01', $lte: '2026-01-01' } } } },
      ],
      ['stats.agentGraph', { body: { filter2: { createdDate: { $gte: '1000-01-01' } } } }],
    ] as const;
    for (const [id, input] of long) {
      const e = failure(await h.call(id, { caller: h.staff(['admin']), ...input }));
      expect([e.statusCode, e.message], id).toEqual([400, STATS_TEXT.rangeTooLong]);
    }
    const tenYears = data<{ rows: unknown[] }>(
      await h.call('stats.dmStatistics', {
        caller: stats(),
        query: { from: '2016-11-26', to: '2026-11-23' },
      }),
    );
    expect(tenYears.rows.length).toBeLessThanOrEqual(3650);
    expect(tenYears.rows.length).toBeGreaterThan(3600);
  });
});
