import {
  COLLECTIONS,
  STATS_MAX_BUCKETS,
  STORE_EVENT_COLLECTIONS,
  type StoreEventCollection,
  streamNames,
} from '@console/contracts';
import {
  generateCustomer,
  growWorld,
  readMeta,
  type StoreAnnouncement,
  storeAnnouncements,
} from '@console/world';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_MS } from '../src/plugins/counts.ts';
import { FOLLOWED_METRICS } from '../src/plugins/record-counts.ts';
import { readStat, STAT_SPECS } from '../src/plugins/tabs.ts';
import { type StatsHarness, startStats, until } from './harness.ts';

/**
 * A world that grows under a running stats service: a small world loaded, the service started
 * (it backfills), then customers' products, users, structures, hubs, agents and client devices
 * written straight to the Mongo-compatible store and announced on `STORE`, as the platform's
 * writers do, some while the service is stopped. Every tab these feed must equal a recount of the
 * store. Nothing is mocked.
 */
let h: StatsHarness;
const SEED = 11;
const LOADED = 30;
const DAY = PERIOD_MS.d;

beforeAll(async () => {
  h = await startStats({
    customers: LOADED,
    env: { ROLLUP_LEADER_RETRY_MS: '200', STORE_FOLLOW_BATCH: '3' },
  });
  await h.start();
  await until(
    async () => {
      const done = await h.app?.rollups.backfilled();
      return FOLLOWED_METRICS.every((m) => done?.has(m));
    },
    120_000,
    'the backfill',
  );
}, 300_000);
afterAll(async () => {
  await h?.close();
});

/**
 * Writes customers [from, to) to the store as the platform would, announcing each insert; with
 * `announceTwice`, every announcement is made again after all of them (a writer that lost its
 * acknowledgements and repeated them, past the broker's de-duplication window).
 */
async function grow(from: number, to: number, announceTwice = false): Promise<void> {
  const sent: StoreAnnouncement[] = [];
  for (let i = from; i < to; i++) {
    const c = generateCustomer(SEED, i);
    for (const key of STORE_EVENT_COLLECTIONS) {
      const docs = (c.gen2[key] as Document[]).map((d) => ({ ...d }));
      if (!docs.length) continue;
      await h.db.collection(COLLECTIONS[key]).insertMany(docs);
      sent.push(...(await announce(key, docs)));
    }
  }
  const js = jetstream(h.nc);
  if (announceTwice) for (const m of sent) await js.publish(m.subject, m.body, { msgID: `${m.msgID}:again` });
}

async function announce(key: StoreEventCollection, docs: Document[]) {
  const js = jetstream(h.nc);
  const out = storeAnnouncements(h.prefix, key, docs);
  for (const m of out) await js.publish(m.subject, m.body, { msgID: m.msgID });
  return out;
}

type Totals = Record<string, Record<string, number>>;
const bump = (t: Totals, tab: string, series: string, n = 1) => {
  t[tab] ??= {};
  (t[tab] as Record<string, number>)[series] = ((t[tab] as Record<string, number>)[series] ?? 0) + n;
};
const day = (d: unknown) => Math.floor(new Date(d as Date).getTime() / DAY) * DAY;

/** Each followed tab's totals per series, recounted from the store's documents. */
async function recount(): Promise<{ totals: Totals; first: number; last: number }> {
  const totals: Totals = {};
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const all = (key: StoreEventCollection) => h.db.collection(COLLECTIONS[key]).find({}).toArray();
  const dated = (d: unknown) => {
    first = Math.min(first, day(d));
    last = Math.max(last, day(d));
  };
  const pairs = new Set<string>();
  for (const p of await all('products')) {
    dated(p.createdDate);
    bump(totals, 'products', String(p.productCode));
    if (!pairs.has(`${p.rootGroupId}|${p.productCode}`))
      bump(totals, 'structureProducts', String(p.productCode));
    pairs.add(`${p.rootGroupId}|${p.productCode}`);
  }
  for (const u of await all('users')) {
    dated(u.createdDate);
    bump(totals, 'users', 'new users');
    bump(totals, 'userLicensesV5', u.licenses?.v5?.license ?? 'no licence');
  }
  for (const s of await all('structures')) {
    dated(s.createdDate);
    for (const g of Object.values(s._groups ?? {}) as { type: string; name?: string }[])
      bump(totals, 'groups', `${g.type}|${g.name ?? g.type}`);
  }
  for (const hub of await all('hubs')) {
    dated(hub.createdDate);
    bump(totals, 'dm', 'new_linkplus');
  }
  for (const a of await all('agents')) {
    dated(a.createdDate);
    bump(totals, 'agents', `${a.type}|${a.linked ? 'linked' : 'unlinked'}`);
  }
  for (const c of await all('clientDevices')) {
    dated(c.createdDate);
    dated(c.lastSeenDate);
    bump(totals, 'appVersions', `${c.platform}|${c.appVersion}`);
    bump(totals, 'clientDeviceTypes', `new|${c.deviceType}`);
    bump(totals, 'clientDeviceTypes', `active|${c.deviceType}`);
  }
  // What the growth's transactions and Gen1 rows feed (and the loaded world's, counted by the backfill).
  const uniques = new Set<string>();
  for (const t of await h.db.collection(COLLECTIONS.transactions).find({}).toArray()) {
    dated(t.createdDate);
    const name = `${t.class}.${t.operation}`;
    bump(totals, 'commands', name);
    if (t.success === false) bump(totals, 'protocolErrors', name);
    if (t.class !== 'automation') continue;
    bump(totals, 'automations', t.operation);
    // A structure counts once a day for the unique tab.
    const key = `${t.operation}|${day(t.createdDate)}|${t.rootGroupId}`;
    if (!uniques.has(key)) bump(totals, 'automations.unique', t.operation);
    uniques.add(key);
  }
  const gen1 = await h.pool.query<{ n: string; first: Date; last: Date }>(
    'select count(*) as n, min(request_date) as first, max(request_date) as last from command_queue',
  );
  const g = gen1.rows[0];
  if (g && Number(g.n) > 0) {
    bump(totals, 'commands', 'gen1.command', Number(g.n));
    dated(g.first);
    dated(g.last);
  }
  const wfls = await h.pool.query<{ n: string; first: number; last: number }>(
    'select count(*) as n, min(created) as first, max(created) as last from wfls',
  );
  const w = wfls.rows[0];
  if (w && Number(w.n) > 0) {
    bump(totals, 'dm', 'new_wfls', Number(w.n));
    dated(new Date(Number(w.first) * 1000));
    dated(new Date(Number(w.last) * 1000));
  }
  return { totals, first, last };
}

/** The duration tab's sums (count and milliseconds) per series, from the store and from the rollups. */
async function durations(): Promise<{ store: Totals; rollups: Totals }> {
  const store: Totals = {};
  for (const t of await h.db.collection(COLLECTIONS.transactions).find({}).toArray()) {
    const name = `${t.class}.${t.operation}`;
    bump(store, 'count', name);
    bump(store, 'ms', name, Number(t.duration) || 0);
  }
  const gen1 = await h.pool.query<{ n: string; ms: string }>(
    'select count(*) as n, coalesce(sum(latency), 0) as ms from command_queue where latency is not null',
  );
  bump(store, 'count', 'gen1.command', Number(gen1.rows[0]?.n));
  bump(store, 'ms', 'gen1.command', Number(gen1.rows[0]?.ms));
  const r = await h.pool.query<{ series: string; n: string; ms: number }>(
    `select series, sum(count) as n, sum(amount) as ms from stats_rollup
      where metric in ('duration', 'gen1Latency') and period = 'd' group by series`,
  );
  const rollups: Totals = {};
  for (const row of r.rows) {
    bump(rollups, 'count', row.series, Number(row.n));
    bump(rollups, 'ms', row.series, Math.round(Number(row.ms)));
  }
  return { store, rollups };
}

/** What each tab answers over the whole world, per series (the dm tab: its Gen2 hub series). */
async function answered(first: number, last: number): Promise<Totals> {
  const out: Totals = {};
  const store = h.app?.rollups;
  if (!store) throw new Error('the service is not running');
  for (const tab of [
    'products',
    'structureProducts',
    'users',
    'userLicensesV5',
    'groups',
    'dm',
    'agents',
    'appVersions',
    'clientDeviceTypes',
    'commands',
    'protocolErrors',
    'automations',
    'automations.unique',
  ]) {
    const spec = STAT_SPECS[tab];
    if (!spec) throw new Error(`no tab ${tab}`);
    out[tab] = {};
    // A tab answers at most STATS_MAX_BUCKETS days at once: the world's years in turns.
    for (let from = first; from <= last; from += STATS_MAX_BUCKETS * DAY) {
      const to = Math.min(last, from + (STATS_MAX_BUCKETS - 1) * DAY);
      // Every series (an answer sums those past STATS_MAX_SERIES as Others): totals per series.
      const a = await readStat(store, tab, spec, {
        period: DAY,
        window: { first: from, last: to },
        everySeries: true,
      });
      for (const s of a.series) {
        if ((tab === 'dm' && s.name !== 'new_linkplus' && s.name !== 'new_wfls') || !s.total) continue;
        const totals = out[tab] as Record<string, number>;
        totals[s.name] = (totals[s.name] ?? 0) + s.total;
      }
    }
  }
  return out;
}

/** The store's recount and what the tabs answer, now. */
async function compare(): Promise<{ expected: Totals; got: Totals }> {
  const r = await recount();
  return { expected: r.totals, got: await answered(r.first, r.last) };
}

/** Waits until every followed tab equals the store's recount; answers the last comparison. */
async function converged(ms: number): Promise<{ expected: Totals; got: Totals }> {
  let last = await compare();
  const same = () => JSON.stringify(sorted(last.expected)) === JSON.stringify(sorted(last.got));
  await until(
    async () => {
      if (!same()) last = await compare();
      return same();
    },
    ms,
    'the tabs to equal the store',
  ).catch(() => undefined);
  return last;
}

const sorted = (t: Totals) =>
  Object.fromEntries(
    Object.keys(t)
      .sort()
      .map((k) => [k, Object.fromEntries(Object.entries(t[k] ?? {}).sort(([a], [b]) => a.localeCompare(b)))]),
  );

async function storeCursor(): Promise<{ cursor: number; last: number }> {
  const r = await h.pool.query('select last_seq from stats_store_cursor');
  const info = await (await jetstreamManager(h.nc)).streams.info(streamNames(h.prefix).store);
  return { cursor: Number(r.rows[0]?.last_seq ?? 0), last: info.state.last_seq };
}

async function caughtUp(): Promise<{ done: boolean }> {
  const c = await storeCursor();
  return { done: c.last > 0 && c.cursor === c.last };
}

describe('statistics follow a growing world', () => {
  it('the backfill equals the store it read', async () => {
    const { expected, got } = await converged(60_000);
    expect(sorted(got)).toEqual(sorted(expected));
    expect(Object.values(expected.products ?? {}).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('records written and announced after the backfill reach every tab once, also announced twice or after the backfill read them', async () => {
    const before = (await recount()).totals;
    // Records of the loaded world the backfill read, announced late: counted already.
    for (const key of STORE_EVENT_COLLECTIONS)
      await announce(key, await h.db.collection(COLLECTIONS[key]).find({}).limit(20).toArray());
    await grow(LOADED, LOADED + 15, true);
    // Every announcement counted (the repeated ones too), then the tabs equal the store.
    await until(async () => (await caughtUp()).done, 120_000, 'the follower to catch up');
    const { expected, got } = await compare();
    expect(sorted(got)).toEqual(sorted(expected));
    // The growth reached the store, so the comparison is not of an unchanged world.
    expect(JSON.stringify(sorted(expected))).not.toBe(JSON.stringify(sorted(before)));
    const c = await storeCursor();
    expect(c.cursor).toBe(c.last);
  }, 180_000);

  it('a restart resumes after the last counted announcement: what was written while stopped is counted once', async () => {
    await h.stop();
    await grow(LOADED + 15, LOADED + 30);
    const stoppedAt = (await storeCursor()).cursor;
    await h.start();
    await until(async () => (await caughtUp()).done, 120_000, 'the follower to catch up');
    const { expected, got } = await compare();
    expect(sorted(got)).toEqual(sorted(expected));
    const c = await storeCursor();
    expect(c.last).toBeGreaterThan(stoppedAt);
    expect(c.cursor).toBe(c.last);
  }, 180_000);

  it("the world's own growth (growWorld, announced as the simulator announces it) reaches every tab it feeds", async () => {
    const meta = await readMeta(h.pool);
    if (!meta?.now) throw new Error('no world loaded');
    const before = (await recount()).totals;
    const js = jetstream(h.nc);
    // Five minutes of a living platform at 4 new customers a minute, with links, devices, commands and notes.
    const r = await growWorld({
      pool: h.pool,
      db: h.db,
      rates: { customer: 4 * 1440, link: 1440, device: 2 * 1440, command: 10 * 1440, note: 1440 },
      now: meta.now + 5 * 60_000,
      onInserted: async (key, docs) => {
        for (const m of storeAnnouncements(h.prefix, key, docs))
          await js.publish(m.subject, m.body, { msgID: m.msgID });
      },
    });
    expect(r.ticks).toBe(5);
    expect(r.added.customer.length).toBeGreaterThan(0);
    await until(async () => (await caughtUp()).done, 120_000, 'the follower to catch up');
    const { expected, got } = await compare();
    expect(sorted(got)).toEqual(sorted(expected));
    // Every kind the growth writes moved its tabs: new customers' records, transactions, Gen1 commands and links.
    for (const [tab, series] of [
      ['users', 'new users'],
      ['commands', 'gen1.command'],
      ['dm', 'new_wfls'],
    ] as const)
      expect(expected[tab]?.[series], `${tab} ${series}`).toBeGreaterThan(before[tab]?.[series] ?? 0);
    const sum = (t: Totals, tab: string) => Object.values(t[tab] ?? {}).reduce((a, b) => a + b, 0);
    expect(sum(expected, 'commands') - (expected.commands?.['gen1.command'] ?? 0)).toBeGreaterThan(
      sum(before, 'commands') - (before.commands?.['gen1.command'] ?? 0),
    );
    const d = await durations();
    expect(sorted(d.rollups)).toEqual(sorted(d.store));
  }, 180_000);
});
