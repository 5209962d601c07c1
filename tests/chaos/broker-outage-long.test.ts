/**
 * The broker stopped for a minute (`CHAOS_OUTAGE_MS`, 60 s by default) under a steady load of hub
 * actions through the real gateway, hub-control, simulator and auth (each its own process, on a
 * private nats-server with JetStream that this test kills and restarts on the same store).
 *
 * It holds: no service exits; while the broker is away every call is answered at once (503, never
 * a stall into the request timeout) and `/readyz` of the gateway and hub-control says degraded;
 * after the broker is back the actions succeed again without any restart; and every action that
 * was answered 200 (before, or after the outage) has its transaction record in Mongo, written by
 * hub-control's audit writer from the AUDIT stream: nothing accepted is lost.
 */
import type { SimHub } from '@console/contracts';
import { freePort, infraEnv, QUIET_SIMULATOR } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAt } from '../bench/bench-kit.ts';
import { signInAdmin } from '../support/people.ts';
import { PrivateBroker } from '../support/private-broker.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

const OUTAGE_MS = Number(process.env.CHAOS_OUTAGE_MS ?? 60_000);
const REQUEST_TIMEOUT_MS = 8000;
const HUBS = 20;
const SEED = 23;

const broker = new PrivateBroker();
let stack: Stack;
let admin: Client;
let mongoUrl = '';
/** The gateway's internal listener (its `/readyz` is not on the public port). */
let internalPort = 0;

const readyz = async (service: string) => {
  const p = service === 'gateway' ? internalPort : stack.ports[service];
  return (await fetch(`http://127.0.0.1:${p}/readyz`).catch(() => null))?.status ?? 0;
};

interface Outcome {
  start: number;
  ms: number;
  status: number;
  transactionId: number | null;
}

beforeAll(async () => {
  internalPort = await freePort();
  await broker.start();
  stack = await startStack(
    { ...infraEnv(), NATS_URL: broker.url },
    ['auth', 'simulator', 'hub-control', 'gateway'],
    (prefix) => {
      mongoUrl = databaseAt(infraEnv().MONGO_URL, prefix);
      return {
        MONGO_URL: mongoUrl,
        SIM_HUBS: String(HUBS),
        SIM_SEED: String(SEED),
        SIM_PRESENCE_REFRESH_S: '2',
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        INTERNAL_PORT: String(internalPort),
        ...QUIET_SIMULATOR,
      };
    },
  );
  admin = await signInAdmin(stack);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await broker.remove();
  if (mongoUrl) {
    const m = new MongoClient(mongoUrl);
    await m.connect();
    await m
      .db()
      .dropDatabase()
      .catch(() => undefined);
    await m.close();
  }
});

describe('the broker stopped for a minute under load', () => {
  it('answers 503 at once, says degraded, recovers alone, and loses no accepted action', {
    timeout: OUTAGE_MS + 90_000,
  }, async () => {
    const hubs = syntheticFleet({ hubs: HUBS, wfls: 0, hosts: 0, seed: SEED }).hubs.map(
      (h: SimHub) => h.hubId,
    );
    // Every hub of the load, not only the first: a hub the simulator has not connected yet is
    // unknown to hub-control (404), which the load below would count against the outage.
    await stack.waitFor(
      async () => {
        for (const linkId of hubs) {
          const res = await admin.call('POST', '/api/supportPlus/socket/system-read', { linkId });
          if (res.status !== 200) return false;
        }
        return true;
      },
      'hub actions answering for every hub',
      { timeoutMs: 30_000, intervalMs: 500 },
    );

    const outcomes: Outcome[] = [];
    let stop = false;
    const t0 = performance.now();
    const worker = async (w: number) => {
      for (let i = w; !stop; i += 2) {
        const start = performance.now() - t0;
        const res = await admin
          .call('POST', '/api/supportPlus/socket/system-read', { linkId: hubs[i % hubs.length] })
          .catch(() => ({ status: 0, json: null }));
        outcomes.push({
          start,
          ms: performance.now() - t0 - start,
          status: res.status,
          transactionId: res.status === 200 ? (res.json as { transactionId: number }).transactionId : null,
        });
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all([worker(0), worker(1)]);

    await new Promise((r) => setTimeout(r, 4000));
    const killedAt = performance.now() - t0;
    await broker.kill();
    const degraded: Record<string, number> = {};
    await stack.waitFor(async () => (await readyz('gateway')) === 503, 'gateway degraded', {
      timeoutMs: 10_000,
    });
    for (const s of ['gateway', 'hub-control']) degraded[s] = await readyz(s);
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (performance.now() - t0 - killedAt))));
    const backAt = performance.now() - t0;
    await broker.start();
    await stack.waitFor(
      async () => outcomes.some((o) => o.start > backAt && o.status === 200),
      'hub actions answering again',
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const recoveredAt = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await load;

    const during = outcomes.filter((o) => o.start > killedAt + 2000 && o.start + o.ms < backAt);
    const accepted = outcomes.filter((o) => o.status === 200);
    const slow = during.filter((o) => o.ms > 2000);
    console.log(
      `${outcomes.length} actions; outage ${((backAt - killedAt) / 1000).toFixed(0)} s; ${during.length} during it ` +
        `(statuses ${[...new Set(during.map((o) => o.status))].join(', ')}, slowest ${Math.round(Math.max(...during.map((o) => o.ms)))} ms); ` +
        `answering again ${((recoveredAt - backAt) / 1000).toFixed(1)} s after the broker came back; ${accepted.length} accepted`,
    );

    expect(degraded).toEqual({ gateway: 503, 'hub-control': 503 });
    expect(during.length).toBeGreaterThan(20);
    expect(during.filter((o) => o.status !== 503)).toEqual([]);
    expect(slow).toEqual([]);
    expect(outcomes.filter((o) => o.start < killedAt - 500 && o.status !== 200)).toEqual([]);
    expect(outcomes.filter((o) => o.start > recoveredAt && o.status !== 200)).toEqual([]);
    for (const s of ['auth', 'simulator', 'hub-control', 'gateway']) expect(await readyz(s)).toBe(200);

    // Every accepted action has its transaction in Mongo (written from the AUDIT stream).
    const m = new MongoClient(mongoUrl);
    await m.connect();
    try {
      const ids = accepted.map((o) => o.transactionId as number);
      let missing: number[] = ids;
      await stack.waitFor(
        async () => {
          const found = await m
            .db()
            .collection('transactions')
            .find({ transactionId: { $in: ids } }, { projection: { _id: 0, transactionId: 1 } })
            .toArray();
          const have = new Set(found.map((d) => d.transactionId as number));
          missing = ids.filter((id) => !have.has(id));
          return missing.length === 0;
        },
        'every accepted action recorded',
        { timeoutMs: 30_000, intervalMs: 500 },
      );
      expect(missing).toEqual([]);
    } finally {
      await m.close();
    }
  });
});
