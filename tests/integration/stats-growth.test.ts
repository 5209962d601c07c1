/**
 * A world that grows under the running statistics service, read through the gateway as the
 * Statistics screens read it: a small world with its histories loaded, the stats service started
 * (it backfills), then the world grown by hundreds of customers with their links, devices, commands
 * and notes (services/world's growWorld, announced on `STORE` as the simulator announces it). Every
 * statistics tab's totals over its window must equal a recount of the stores over the same window.
 * Then the world is extended by the loader, as `DEMO_CUSTOMERS=<more> bash infra/start.sh` extends
 * a running demo (loadDemoWorld, announcing on `STORE`): its customers' history is dated before the
 * backfill's cut-off, and the tabs must equal the stores again.
 * Nothing is stood in; the clock is moved on instead of waiting for it.
 */
import { COLLECTIONS, STATS_MAX_SERIES, STATS_OTHERS, type StatsAnswer } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { growWorld, loadDemoWorld, readMeta, storeAnnouncements } from '@console/world';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
let stack: WorldStack;
let stats: Client;
let nc: NatsConnection;

beforeAll(async () => {
  stack = await startWorldStack('itstatsgrow', 31, 60, {
    services: ['auth', 'stats', 'gateway'],
    histories: true,
    env: { ROLLUP_LEADER_RETRY_MS: '200' },
  });
  stats = await staffClient(stack, await signInAdmin(stack), 'stats', 'Stan Stats');
  nc = await connect({ servers: stack.infra.NATS_URL.split(','), ...natsAuth() });
}, 180_000);

afterAll(async () => {
  await nc?.close();
  await stack?.stop();
});

/** One counted fact of the stores: the tab, its series, when. */
interface Fact {
  tab: string;
  series: string;
  at: number;
}

const time = (d: unknown) => new Date(d as Date).getTime();

/** Every fact the tabs count, recounted from the stores' records. */
async function facts(): Promise<Fact[]> {
  const db = stack.mongo.db;
  const all = (c: string) => db.collection(c).find({}).toArray();
  const out: Fact[] = [];
  const add = (tab: string, series: unknown, at: unknown) =>
    out.push({ tab, series: String(series), at: time(at) });
  const pairs = new Map<string, Document>();
  for (const p of await all(COLLECTIONS.products)) {
    add('products', p.productCode, p.createdDate);
    const key = `${p.rootGroupId}|${p.productCode}`;
    const had = pairs.get(key);
    if (!had || time(p.createdDate) < time(had.createdDate)) pairs.set(key, p);
  }
  for (const p of pairs.values()) add('structureProducts', p.productCode, p.createdDate);
  for (const u of await all(COLLECTIONS.users)) {
    add('users', 'new users', u.createdDate);
    add('userLicensesV5', u.licenses?.v5?.license ?? 'no licence', u.createdDate);
  }
  for (const s of await all(COLLECTIONS.structures))
    for (const g of Object.values(s._groups ?? {}) as { type: string; name?: string }[])
      add('groups', `${g.type}|${g.name ?? g.type}`, s.createdDate);
  for (const hub of await all(COLLECTIONS.hubs)) add('dm', 'new_linkplus', hub.createdDate);
  for (const a of await all(COLLECTIONS.agents))
    add('agents', `${a.type}|${a.linked ? 'linked' : 'unlinked'}`, a.createdDate);
  for (const c of await all(COLLECTIONS.clientDevices)) {
    add('appVersions', `${c.platform}|${c.appVersion}`, c.createdDate);
    add('clientDeviceTypes', `new|${c.deviceType}`, c.createdDate);
    add('clientDeviceTypes', `active|${c.deviceType}`, Math.min(time(c.lastSeenDate), Date.now() - 1));
  }
  const unique = new Set<string>();
  for (const t of await all(COLLECTIONS.transactions)) {
    const name = `${t.class}.${t.operation}`;
    add('commands', name, t.createdDate);
    if (t.success === false) add('protocolErrors', name, t.createdDate);
    if (t.class !== 'automation') continue;
    add('automations', t.operation, t.createdDate);
    // A structure counts once a day for the unique measure.
    const key = `${t.operation}|${Math.floor(time(t.createdDate) / DAY)}|${t.rootGroupId}`;
    if (!unique.has(key)) add('automations.unique', t.operation, t.createdDate);
    unique.add(key);
  }
  for (const l of await all(COLLECTIONS.logs)) {
    const p = l.item?.payload ?? {};
    add('logs', `${p.source ?? 'unknown'}|${p.group ?? 'unknown'}|${p.level ?? 'info'}`, l.createdDate);
  }
  for (const w of await all(COLLECTIONS.workerConnections))
    add('workers', w.oldWorker?.workerUniqueId ?? 'unknown', w.createdDate);
  const pool = stack.world.pool;
  for (const r of (await pool.query<{ at: Date }>('select request_date as at from command_queue')).rows)
    add('commands', 'gen1.command', r.at);
  for (const r of (await pool.query<{ at: Date }>('select to_timestamp(created) as at from wfls')).rows)
    add('dm', 'new_wfls', r.at);
  return out;
}

type Totals = Record<string, Record<string, number>>;

/** Each Statistics screen's call: the tab it is checked as, and its request. */
const TABS: { tab: string; method: 'GET' | 'POST'; path: string }[] = [
  ...['commands', 'products', 'groups', 'agents', 'users', 'userLicensesV5', 'workers', 'appVersions'].map(
    (tab) => ({
      tab,
      method: 'GET' as const,
      path: `/api/supportPlus/stats/${tab}?limit=120&period=${DAY}`,
    }),
  ),
  {
    tab: 'clientDeviceTypes',
    method: 'GET',
    path: `/api/supportPlus/stats/clientDeviceTypes?limit=120&period=${DAY}`,
  },
  { tab: 'automations', method: 'GET', path: `/api/supportPlus/stats/automations?limit=120&period=${DAY}` },
  {
    tab: 'automations.unique',
    method: 'GET',
    path: `/api/supportPlus/stats/automations?limit=120&period=${DAY}&measure=unique`,
  },
  {
    tab: 'structureProducts',
    method: 'GET',
    path: `/api/supportPlus/stats/any?projection=products&limit=120&period=${DAY}`,
  },
  {
    tab: 'logs',
    method: 'GET',
    path: `/api/supportPlus/stats/any?projection=commands.general.logs&limit=120&period=${DAY}`,
  },
  { tab: 'protocolErrors', method: 'POST', path: '/api/supportPlus/protocolerrors/' },
];

/** Per series, the facts of `tab` in [from, to). */
function count(all: readonly Fact[], tab: string, from: number, to: number, only?: (s: string) => boolean) {
  const out: Record<string, number> = {};
  for (const f of all)
    if (f.tab === tab && f.at >= from && f.at < to && (!only || only(f.series)))
      out[f.series] = (out[f.series] ?? 0) + 1;
  return out;
}

/**
 * An answer carries at most STATS_MAX_SERIES series: past that, the rest are summed into one
 * `Others` (the payload cap). The recount is folded the same way, keeping the series the answer
 * names, so the totals still have to equal the stores' to the record.
 */
function foldOthers(answered: Record<string, number>, recount: Record<string, number>) {
  if (!(STATS_OTHERS in answered)) {
    // A latency (ms) tab cannot sum its rest: it keeps the largest STATS_MAX_SERIES and leaves the rest out.
    if (Object.keys(answered).length < STATS_MAX_SERIES) return recount;
    return Object.fromEntries(Object.entries(recount).filter(([name]) => name in answered));
  }
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(recount)) {
    const key = name in answered && name !== STATS_OTHERS ? name : STATS_OTHERS;
    out[key] = (out[key] ?? 0) + n;
  }
  return out;
}

/** Each tab's totals per series as answered, and the stores' recount over the same window. */
async function compare(): Promise<{ got: Totals; expected: Totals }> {
  const all = await facts();
  const got: Totals = {};
  const expected: Totals = {};
  for (const { tab, method, path } of TABS) {
    const r = await stats.call(method, path, method === 'POST' ? {} : undefined);
    expect(r.status, `${tab}: ${JSON.stringify(r.json)}`).toBe(200);
    const a = r.json as StatsAnswer;
    got[tab] = Object.fromEntries(a.series.filter((s) => s.total).map((s) => [s.name, s.total]));
    expected[tab] = foldOthers(
      got[tab] ?? {},
      a.from && a.to ? count(all, tab, time(a.from), time(a.to)) : {},
    );
    expect(a.series.length, tab).toBeLessThanOrEqual(STATS_MAX_SERIES);
  }
  // The data monitor's Link Plus and WiFi link columns (its others are pings, readings and timers).
  const dm = await stats.call('GET', '/api/statistics/dm-statistics');
  expect(dm.status).toBe(200);
  const rows = dm.json.rows as { new_linkplus: number; new_wfls: number }[];
  const sum = (k: 'new_linkplus' | 'new_wfls') => rows.reduce((a, r) => a + r[k], 0);
  got.dm = Object.fromEntries(
    (['new_linkplus', 'new_wfls'] as const).filter((k) => sum(k)).map((k) => [k, sum(k)]),
  );
  expected.dm = count(all, 'dm', time(dm.json.from), time(dm.json.to));
  return { got, expected };
}

const sorted = (t: Totals) =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(t)
        .sort()
        .map((k) => [
          k,
          Object.fromEntries(Object.entries(t[k] ?? {}).sort(([a], [b]) => a.localeCompare(b))),
        ]),
    ),
  );

/** Waits until every tab equals the stores' recount; answers the last comparison. */
async function converged(ms: number) {
  let last = await compare();
  await stack
    .waitFor(
      async () => {
        last = await compare();
        return sorted(last.got) === sorted(last.expected);
      },
      'every statistics tab to equal the stores',
      { timeoutMs: ms, intervalMs: 2000 },
    )
    .catch(() => undefined);
  return last;
}

describe('statistics of a growing world, through the gateway', () => {
  it('every tab equals the stores after the backfill, and again after the world grew by hundreds of customers', async () => {
    const started = Date.now();
    const first = await converged(90_000);
    const backfilled = Date.now();
    expect(JSON.parse(sorted(first.got))).toEqual(JSON.parse(sorted(first.expected)));
    expect(Object.keys(first.expected.commands ?? {}).length).toBeGreaterThan(0);

    const meta = await readMeta(stack.world.pool);
    if (!meta?.now) throw new Error('no world loaded');
    const js = jetstream(nc);
    // Half an hour of a busy platform: 10 new customers a minute, with links, devices, commands and notes.
    const grown = await growWorld({
      pool: stack.world.pool,
      db: stack.mongo.db,
      rates: { customer: 10 * 1440, link: 2 * 1440, device: 4 * 1440, command: 30 * 1440, note: 1440 },
      now: meta.now + 30 * MINUTE,
      onInserted: async (key, docs) => {
        for (const m of storeAnnouncements(stack.prefix, key, docs))
          await js.publish(m.subject, m.body, { msgID: m.msgID });
      },
    });
    expect(grown.ticks).toBe(30);
    expect(grown.added.customer.length).toBeGreaterThan(200);

    const grownAt = Date.now();
    const after = await converged(90_000);
    console.log(
      `stats-growth: backfill equal after ${backfilled - started} ms, growth written in ${grownAt - backfilled} ms, tabs equal ${Date.now() - grownAt} ms later`,
    );
    expect(JSON.parse(sorted(after.got))).toEqual(JSON.parse(sorted(after.expected)));
    // The growth moved the tabs it feeds.
    const total = (t: Totals, tab: string) => Object.values(t[tab] ?? {}).reduce((a, b) => a + b, 0);
    for (const tab of ['users', 'products', 'commands', 'dm'])
      expect(total(after.got, tab), tab).toBeGreaterThan(total(first.got, tab));
  }, 240_000);

  it('every tab equals the stores again after the loader extended the world, as infra/start.sh extends a running demo', async () => {
    const before = await converged(90_000);
    expect(JSON.parse(sorted(before.got))).toEqual(JSON.parse(sorted(before.expected)));
    const had = (await readMeta(stack.world.pool))?.customers ?? 0;
    const started = Date.now();
    const r = await loadDemoWorld({
      databaseUrl: stack.world.url,
      mongoUrl: stack.mongo.url,
      customers: had + 140,
      seed: 31,
      natsUrl: stack.infra.NATS_URL,
      natsPrefix: stack.prefix,
    });
    expect(r.outcome, r.message).toBe('loaded');
    expect(r.message).toContain(`announced on`);
    const loadedAt = Date.now();
    const after = await converged(120_000);
    console.log(
      `stats-growth: ${had} → ${had + 140} customers loaded in ${loadedAt - started} ms, tabs equal ${Date.now() - loadedAt} ms later`,
    );
    expect(JSON.parse(sorted(after.got))).toEqual(JSON.parse(sorted(after.expected)));
    // The extension's history moved the tabs only the backfill counts, and the followed ones.
    const total = (t: Totals, tab: string) => Object.values(t[tab] ?? {}).reduce((a, b) => a + b, 0);
    for (const tab of ['commands', 'logs', 'workers', 'protocolErrors', 'users', 'products'])
      expect(total(after.got, tab), tab).toBeGreaterThan(total(before.got, tab));
  }, 300_000);
});
