import { type SimFleet, type SimRates, type SimStats, simSubjects } from '@console/contracts';
import type { Subscription } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordsFromStore, type SimulatorConfig } from '../config.ts';
import { ClientSessions } from './client-sessions.ts';
import { FLEET_SOURCES } from './fleet-source.ts';
import { HostRuntime } from './host-runtime.ts';
import { HubEvents } from './hub-events.ts';
import { HubRecordReader } from './hub-records.ts';
import { HubRuntime } from './hub-runtime.ts';
import { seeded } from './random.ts';
import { Scheduler } from './scheduler.ts';
import { SimCounters } from './sim-metrics.ts';
import { StoreFollower } from './store-follower.ts';
import { Sweep } from './sweep.ts';
import { WflRuntime } from './wfl-runtime.ts';

export interface Simulator {
  workerId: string;
  hubs: HubRuntime;
  wfls: WflRuntime;
  hosts: HostRuntime;
  events: HubEvents;
  counters: SimCounters;
  /** The busy hubs' ids (SIM_BUSY_HUBS). */
  busyHubs: number[];
  stats(): SimStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    sim: Simulator;
  }
}

function shardOf(spec: string): { index: number; count: number } {
  const [i, n] = spec.split('/').map(Number) as [number, number];
  if (i >= n) throw new Error(`SIM_SHARD ${spec}: the index must be below the count`);
  return { index: i, count: n };
}

function myShare(fleet: SimFleet, shard: { index: number; count: number }): SimFleet {
  const mine = (_: unknown, i: number) => i % shard.count === shard.index;
  return {
    hubs: fleet.hubs.filter((h) => h.hubId % shard.count === shard.index),
    wfls: fleet.wfls.filter(mine),
    hosts: fleet.hosts.filter(mine),
  };
}

/**
 * The fleet this instance carries: two wildcard subscriptions (hub and WiFi link commands) for
 * every hub and link, in a queue group per shard, and one timer for all periodic work.
 */
export const simulatorPlugin = fp(
  async (app: FastifyInstance, { config, workerId }: { config: SimulatorConfig; workerId: string }) => {
    const shard = shardOf(config.SIM_SHARD);
    const loadStarted = performance.now();
    const source = FLEET_SOURCES[config.FLEET as keyof typeof FLEET_SOURCES];
    const all = await source({
      hubs: config.SIM_HUBS,
      wfls: config.SIM_WFLS,
      hosts: config.SIM_HOSTS,
      seed: config.SIM_SEED,
      customers: config.WORLD_CUSTOMERS,
    });
    const fleet = myShare(all, shard);
    const rnd = seeded(config.SIM_SEED * 31 + shard.index);
    const scheduler = new Scheduler();
    const { nats: nc, subjects } = app;
    let connected = (): number => 0;
    const counters = new SimCounters(app.metrics.registry, () => connected());
    // FLEET=world: each hub answers from the world's records of it (read at its first command).
    const reader = recordsFromStore(config) ? new HubRecordReader(app.mongo) : undefined;
    const hubs = new HubRuntime({
      nc,
      subjects,
      workerId,
      log: app.log,
      counters,
      scheduler,
      rnd,
      restartMs: config.SIM_RESTART_MS,
      ...(reader ? { records: reader, recordsWaitMs: config.SIM_RECORDS_WAIT_MS } : {}),
    });
    connected = () => hubs.connected;
    const wfls = new WflRuntime(nc, subjects, config.SIM_WFL_PING_S * 1000, {
      workerId,
      counters,
      scheduler,
    });
    const hosts = new HostRuntime(nc, subjects, rnd, config.SIM_HOST_HEARTBEAT_S * 1000);
    const clients = new ClientSessions(nc, subjects, rnd, {
      count: shard.index === 0 ? config.SIM_CLIENTS : 0,
      seed: config.SIM_SEED,
      meanStayMs: config.SIM_CLIENT_STAY_S * 1000,
      refreshMs: config.SIM_PRESENCE_REFRESH_S * 1000,
      // FLEET=world: the running hubs' owners, so the user detail's connected state is the world's.
      userIds: (all as { customers?: string[] }).customers ?? [],
    });
    const rates: SimRates = {
      eventsPerHubPerMin: config.SIM_EVENTS_PER_HUB_PER_MIN,
      statusPerHubPerMin: config.SIM_STATUS_PER_HUB_PER_MIN,
      logsPerHubPerMin: config.SIM_LOGS_PER_HUB_PER_MIN,
      notificationsPerHubPerMin: config.SIM_NOTIFICATIONS_PER_HUB_PER_MIN,
    };
    const events = new HubEvents(hubs, rnd, rates);
    hubs.load(fleet.hubs);
    wfls.load(fleet.wfls);
    hosts.load(fleet.hosts);
    const busy = events.setBusy(config.SIM_BUSY_HUBS, config.SIM_BUSY_MESSAGES_PER_S);
    if (busy.length) {
      app.log.info(
        { busyHubs: busy, perSecond: config.SIM_BUSY_MESSAGES_PER_S },
        `busy hubs (several messages a second each): ${busy.join(', ')}`,
      );
    }

    const sim = simSubjects(subjects.prefix);
    const queue = `simulator-shard-${shard.index}-of-${shard.count}`;
    const guard = (what: string, handle: (m: Parameters<HubRuntime['onCommand']>[0]) => void) => ({
      queue,
      callback: (err: Error | null, msg: Parameters<HubRuntime['onCommand']>[0]) => {
        if (err) return app.log.error({ err }, `${what} subscription failed`);
        try {
          handle(msg);
        } catch (e) {
          app.log.error({ err: e, subject: msg.subject }, `${what} command failed`);
        }
      },
    });
    const subs: Subscription[] = [
      nc.subscribe(
        sim.hubCmdAny(),
        guard('hub', (m) => hubs.onCommand(m)),
      ),
      nc.subscribe(
        sim.wflCmdAny(),
        guard('wfl', (m) => wfls.onCommand(m)),
      ),
      nc.subscribe(
        subjects.hostCmdAny(),
        guard('host', (m) => hosts.onCommand(m)),
      ),
    ];
    // New customers' hubs join, and held hubs read their records again, as the stores announce inserts.
    const follower = reader
      ? new StoreFollower({
          nc,
          subjects,
          db: app.mongo,
          hubs,
          reader,
          shard,
          log: app.log,
          joined: (h) => hubs.connect(h, 'joined'),
        })
      : null;
    follower?.start();
    // The hubs of customers who joined while no simulator listened, looked up in the background.
    const caughtUp = follower
      ?.catchUp(config.SIM_SEED)
      .then((n) => app.log.info({ hubs: n }, "the growth's earlier customers' hubs joined the fleet"))
      .catch((err) => app.log.warn({ err }, "the growth's earlier customers' hubs were not read"));

    // The hubs and links are listening on the server before the app counts as ready.
    await nc.flush();

    const connectSweep = new Sweep(config.SIM_CONNECT_SPREAD_MS);
    const pending = [...hubs.list];
    let connectedAll = config.SIM_CONNECT_SPREAD_MS === 0;
    if (connectedAll) for (const h of pending) hubs.connect(h, 'start');
    const presence = new Sweep(config.SIM_PRESENCE_REFRESH_S * 1000);
    let last = Date.now();
    clients.start(last);
    const started = last;
    const timer = setInterval(() => {
      const now = Date.now();
      const elapsed = now - last;
      last = now;
      scheduler.runDue(now, (err) => app.log.error({ err }, 'scheduled work failed'));
      if (!connectedAll) {
        connectSweep.run(pending, elapsed, (h) => hubs.connect(h, 'start'));
        if (now - started >= config.SIM_CONNECT_SPREAD_MS) {
          for (const h of pending) hubs.connect(h, 'start');
          connectedAll = true;
        }
      }
      presence.run(hubs.list, elapsed, (h) => {
        if (h.connected) hubs.presence(h, 'refresh');
      });
      events.tick(elapsed);
      wfls.tick(elapsed);
      hosts.tick(elapsed);
      clients.tick(elapsed, now);
    }, config.SIM_TICK_MS);

    const stats = (): SimStats => ({
      workerId,
      hubs: hubs.list.length,
      connected: hubs.connected,
      wfls: wfls.byId.size,
      hosts: hosts.byId.size,
      received: counters.received,
      sent: counters.sent,
      malformedReceived: counters.malformedReceived,
      malformedSent: counters.malformedSent,
      clientsConnected: clients.connected,
      rates: events.rates,
      busyHubs: busy.map((hubId) => {
        const h = hubs.hubs.get(hubId);
        return {
          hubId,
          rootGroupId: h?.rootGroupId ?? '',
          messagesPerSecond: config.SIM_BUSY_MESSAGES_PER_S,
          connected: h?.connected ?? false,
        };
      }),
    });
    app.decorate('sim', { workerId, hubs, wfls, hosts, events, counters, busyHubs: busy, stats });
    app.log.info(
      {
        hubs: hubs.list.length,
        wfls: wfls.byId.size,
        hosts: hosts.byId.size,
        shard: config.SIM_SHARD,
        records: reader ? 'store' : 'fleet',
        loadMs: Math.round(performance.now() - loadStarted),
      },
      'fleet loaded',
    );

    // Before NATS drains: the hubs this worker held say goodbye, as a worker shutting down would.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      for (const s of subs) s.unsubscribe();
      await follower?.stop();
      await caughtUp;
      for (const h of hubs.list) hubs.disconnect(h, 'shutdown');
      clients.stop(Date.now());
    });
  },
  { name: 'simulator', dependencies: ['nats', 'metrics'] },
);
