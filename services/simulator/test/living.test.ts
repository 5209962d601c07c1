import { COLLECTIONS, type SimStats, streamNames, subjects } from '@console/contracts';
import { waitFor } from '@console/kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, describe, expect, it } from 'vitest';
import { type SimHarness, scratchWorld, settle, startSimulator } from './harness.ts';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => undefined);
});

/** The simulator's settings for the small seed-5 world these growth tests load (hubs, no WFLs, no hosts). */
const GROWN_WORLD_FLEET = {
  FLEET: 'world',
  SIM_SEED: '5',
  WORLD_CUSTOMERS: '20',
  SIM_HUBS: '1000',
  SIM_WFLS: '0',
  SIM_HOSTS: '0',
};

describe('a living demo', () => {
  it('has busy hubs: each sends several messages a second, the other hubs stay quiet', async () => {
    const sim: SimHarness = await startSimulator({
      SIM_HUBS: '6',
      SIM_BUSY_HUBS: '2',
      SIM_BUSY_MESSAGES_PER_S: '5',
    });
    closers.push(() => sim.close());
    const busy = sim.app.sim.busyHubs;
    expect(busy).toHaveLength(2);
    const log = sim.record(subjects(sim.prefix).hubMsgAny());
    await sim.nc.flush();
    const started = Date.now();
    await settle(3000);
    const seconds = (Date.now() - started) / 1000;
    const perHub = new Map<number, number>();
    for (const m of log.json()) perHub.set(m.hubId as number, (perHub.get(m.hubId as number) ?? 0) + 1);
    for (const id of busy) {
      // Sent by elapsed time (a late tick sends what fell due), so a loaded machine only delays them.
      expect(perHub.get(id) ?? 0, String(id)).toBeGreaterThanOrEqual(Math.floor(5 * (seconds - 1)));
      expect(perHub.get(id) ?? 0, String(id)).toBeLessThanOrEqual(Math.ceil(5 * (seconds + 1)));
    }
    for (const [id, n] of perHub) if (!busy.includes(id)) expect(n, `quiet hub ${id}`).toBe(0);
  }, 30_000);

  it("runs the demo's three busy hubs of seed 1, streaming several messages a second, named by the stats answer", async () => {
    // As infra/start.sh runs the demo: the world's first hubs, three busy at the default rate.
    const sim = await startSimulator({
      FLEET: 'world',
      SIM_RECORDS: 'fleet',
      SIM_SEED: '1',
      WORLD_CUSTOMERS: '2000',
      SIM_HUBS: '20',
      SIM_WFLS: '0',
      SIM_HOSTS: '0',
      SIM_BUSY_HUBS: '3',
    });
    closers.push(() => sim.close());
    const demo = [3157468799, 3164813178, 3170142193];
    expect(sim.app.sim.busyHubs).toEqual(demo);
    const stats = (await sim.control('stats', {})) as SimStats;
    expect(stats.busyHubs).toEqual(
      demo.map((hubId) => ({
        hubId,
        rootGroupId: expect.any(String),
        messagesPerSecond: 4,
        connected: true,
      })),
    );
    const log = sim.record(subjects(sim.prefix).hubMsgAny());
    await sim.nc.flush();
    const started = Date.now();
    await settle(3000);
    const seconds = (Date.now() - started) / 1000;
    for (const id of demo) {
      const sent = log.json().filter((m) => m.hubId === id).length;
      expect(sent / seconds, `messages a second of hub ${id}`).toBeGreaterThanOrEqual(3);
    }
  }, 60_000);

  it('grows the loaded world in Postgres and Mongo from its now, when SIM_GROWTH is on', async () => {
    const worldNow = Date.now() - 5 * 60_000;
    const { postgres, mongo, drop } = await scratchWorld('simgrow', {
      seed: 3,
      customers: 20,
      now: worldNow,
    });
    closers.push(drop);
    const users = async () => Number((await postgres.pool.query('select count(*) n from users')).rows[0].n);
    const before = {
      pg: await users(),
      mongo: await mongo.db.collection(COLLECTIONS.users).countDocuments(),
      ids: new Set(
        (
          await mongo.db
            .collection(COLLECTIONS.users)
            .find({}, { projection: { _id: 1 } })
            .toArray()
        ).map((d) => String(d._id)),
      ),
    };
    const sim = await startSimulator({
      DATABASE_URL: postgres.url,
      MONGO_URL: mongo.url,
      SIM_GROWTH: 'on',
      SIM_GROWTH_CUSTOMERS_PER_DAY: '5760',
      SIM_GROWTH_COMMANDS_PER_DAY: '5760',
    });
    closers.push(() => sim.close());
    // The five minutes since the world's now are caught up at start.
    await waitFor(
      async () =>
        Number((await postgres.pool.query('select tick from world_growth')).rows[0]?.tick ?? 0) >= 5,
      'the growth to catch up five ticks',
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const added =
      (await users()) -
      before.pg +
      (await mongo.db.collection(COLLECTIONS.users).countDocuments()) -
      before.mongo;
    expect(added).toBeGreaterThanOrEqual(5 * 4);
    const recent = await postgres.pool.query(
      'select count(*) n from command_queue where request_date >= $1',
      [new Date(worldNow)],
    );
    expect(Number(recent.rows[0].n)).toBeGreaterThan(0);

    // Every Gen2 user it inserted is announced on STORE (the stats service follows those), once.
    const mongoUsers = (
      await mongo.db
        .collection(COLLECTIONS.users)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((d) => String(d._id));
    const fresh = mongoUsers.filter((id) => !before.ids.has(id));
    expect(fresh.length).toBeGreaterThan(0);
    const consumer = await jetstream(sim.nc).consumers.get(streamNames(sim.prefix).store);
    const announced = new Set<string>();
    const info = await consumer.info();
    let left = info.num_pending;
    while (left > 0) {
      const batch = await consumer.fetch({ max_messages: Math.min(left, 200), expires: 2000 });
      for await (const m of batch) {
        left--;
        const event = m.json<{ collection: string; docs: { id: string }[] }>();
        if (event.collection === 'users') for (const d of event.docs) announced.add(d.id);
      }
    }
    for (const id of fresh) expect(announced.has(id), `user ${id} announced`).toBe(true);
  }, 90_000);
});

describe("new customers' hubs", () => {
  it('come online in the simulator within seconds of the growth writing them: presence, events, answers from their records', async () => {
    const { postgres, mongo, drop } = await scratchWorld('simjoin', {
      seed: 5,
      customers: 20,
      now: Date.now() - 4_000,
    });
    closers.push(drop);
    const hubsIn = async () =>
      (
        await mongo.db
          .collection(COLLECTIONS.hubs)
          .find({}, { projection: { _id: 0, hubId: 1 } })
          .toArray()
      ).map((h) => h.hubId as number);
    const loaded = new Set(await hubsIn());
    const sim = await startSimulator({
      ...GROWN_WORLD_FLEET,
      DATABASE_URL: postgres.url,
      MONGO_URL: mongo.url,
      SIM_GROWTH: 'on',
      SIM_GROWTH_TICK_S: '2',
      // A new customer a second; little else.
      SIM_GROWTH_CUSTOMERS_PER_DAY: '86400',
      SIM_GROWTH_LINKS_PER_DAY: '0',
      SIM_GROWTH_DEVICES_PER_DAY: '0',
      SIM_GROWTH_COMMANDS_PER_DAY: '0',
      SIM_GROWTH_NOTES_PER_DAY: '0',
      SIM_PRESENCE_REFRESH_S: '1',
      SIM_EVENTS_PER_HUB_PER_MIN: '120',
    });
    closers.push(() => sim.close());
    expect([...sim.app.sim.hubs.hubs.keys()].sort()).toEqual([...loaded].sort());
    const s = subjects(sim.prefix);
    const presence = sim.record(s.hubPresenceAny());
    const messages = sim.record(s.hubMsgAny());
    await sim.nc.flush();

    // Each hub the growth writes is seen in the store, then online in the simulator.
    const seenAt = new Map<number, number>();
    const onlineAfter = new Map<number, number>();
    await waitFor(
      async () => {
        const now = Date.now();
        for (const id of await hubsIn()) if (!loaded.has(id) && !seenAt.has(id)) seenAt.set(id, now);
        for (const p of presence.json())
          if (p.connected === true && seenAt.has(p.hubId as number) && !onlineAfter.has(p.hubId as number))
            onlineAfter.set(p.hubId as number, now - (seenAt.get(p.hubId as number) as number));
        return onlineAfter.size >= 2;
      },
      'two new customers’ hubs online',
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    for (const [hubId, ms] of onlineAfter)
      expect(ms, `hub ${hubId} online after it was stored`).toBeLessThan(5_000);

    const [joined] = [...onlineAfter.keys()] as [number];
    const products = await mongo.db.collection(COLLECTIONS.products).countDocuments({ linkId: joined });
    const read = await sim.command(joined, 'systemRead', [{}]);
    expect(read.items[0]?.payload).toMatchObject({ devices: products });
    await waitFor(
      () => messages.json().some((m) => m.hubId === joined && m.direction === 'notification'),
      'a message the new hub sends of its own',
      { timeoutMs: 10_000, intervalMs: 100 },
    );

    // A simulator started later (it heard none of the announcements) finds the grown hubs too.
    await sim.close();
    const grown = (await hubsIn()).filter((id) => !loaded.has(id));
    const later = await startSimulator({
      ...GROWN_WORLD_FLEET,
      MONGO_URL: mongo.url,
    });
    closers.push(() => later.close());
    await waitFor(
      () => grown.every((id) => later.app.sim.hubs.hubs.get(id)?.connected === true),
      `the ${grown.length} grown hubs to join a simulator started after them`,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  }, 120_000);
});
