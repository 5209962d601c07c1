import type { Caller, Role, SimHub, SimWfl } from '@console/contracts';
import { natsAuth } from '@console/kit';
import {
  infraEnv,
  type OperationCall,
  operationClient,
  QUIET_SIMULATOR,
  type Recorder,
  recordSubject,
  scratchMongo,
  scratchPostgres,
  scratchRedis,
  startApp,
  testCaller,
  testConfig,
  uniqueName,
  waitFor,
} from '@console/kit/testing';
import { simulatorApp } from '@console/simulator/app';
import { SimulatorConfigSchema } from '@console/simulator/config';
import { syntheticFleet } from '@console/simulator/fleet';
import { migrateWorld } from '@console/world';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { hubControlApp } from '../src/app.ts';
import { type HubControlConfig, HubControlConfigSchema } from '../src/config.ts';

export { data, failure } from '@console/kit/testing';

/**
 * The real hub-control app with the real simulator as its hubs and WiFi links, on real NATS,
 * Redis, Postgres and the Mongo-compatible server: fresh databases (with the world's Gen1 schema
 * when `world` is asked for), its own NATS prefix and Redis prefix. Requests go over NATS as the
 * gateway sends them (the kit's operation client); callers are built as the gateway builds them.
 */
export interface HubControlHarness {
  prefix: string;
  config: HubControlConfig;
  app: FastifyInstance;
  sim: FastifyInstance;
  /** The simulator's worker id, which its hubs announce in their presence. */
  workerId: string;
  nc: NatsConnection;
  db: Db;
  redis: Redis;
  fleet: SimHub[];
  wfls: SimWfl[];
  /** The fresh Postgres database hub-control uses. */
  pool: pg.Pool;
  caller(roles: Role[], name?: string): Caller;
  call(
    opId: string,
    caller: Caller | null,
    body?: unknown,
    params?: Record<string, unknown>,
  ): ReturnType<OperationCall>;
  simControl(op: string, body: unknown): Promise<unknown>;
  record(subject: string): Msg[];
  /** Another hub-control instance on the same stores and prefixes. */
  another(): Promise<FastifyInstance>;
  waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The simulator as these tests want it: eight hubs, all at once, quick restarts, no background chatter. */
const SIM = { SIM_HUBS: '8', SIM_SEED: '5', SIM_TICK_MS: '20', SIM_RESTART_MS: '300', ...QUIET_SIMULATOR };

export async function startHubControl(
  env: Record<string, string> = {},
  simEnv: Record<string, string> = {},
  opts: { world?: boolean } = {},
): Promise<HubControlHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('hc');
  const postgres = await scratchPostgres(infra.DATABASE_URL, 'hc');
  if (opts.world) await migrateWorld(postgres.pool);
  const mongo = await scratchMongo(infra.MONGO_URL, { name: prefix });
  const config = testConfig(HubControlConfigSchema, prefix, {
    MONGO_URL: mongo.url,
    DATABASE_URL: postgres.url,
    HUB_TIMEOUT_MS: '1000',
    ...env,
  });
  const nc = await connect({ servers: infra.NATS_URL.split(','), name: 'hub-control-test', ...natsAuth() });
  const recorders: Recorder[] = [];
  const record = (subject: string) => {
    const r = recordSubject(nc, subject);
    recorders.push(r);
    return r.messages;
  };

  const apps: FastifyInstance[] = [];
  const build = async () => {
    const instance = uniqueName('hc');
    const app = await startApp(hubControlApp, {
      service: 'hub-control',
      instance,
      options: { config, instance },
    });
    apps.push(app);
    return app;
  };
  // hub-control first, so it hears the hubs connect.
  const app = await build();

  const simConfig = testConfig(SimulatorConfigSchema, prefix, {
    ...SIM,
    ...simEnv,
  });
  const workerId = uniqueName('worker');
  const sim = await startApp(simulatorApp, {
    service: 'simulator',
    instance: 'sim-test',
    options: { config: simConfig, workerId },
  });
  const { hubs: fleet, wfls } = syntheticFleet({
    hubs: simConfig.SIM_HUBS,
    wfls: simConfig.SIM_WFLS,
    hosts: 0,
    seed: simConfig.SIM_SEED,
  });
  const redis = scratchRedis(config.REDIS_URL, prefix);
  const operation = operationClient(nc, prefix);
  const call: HubControlHarness['call'] = (opId, caller, body = null, params = {}) =>
    operation(opId, { caller, body, params });
  const simControl = async (op: string, body: unknown) =>
    (await nc.request(`${prefix}.sim.control.${op}`, JSON.stringify(body), { timeout: 2000 })).json();
  const waitUntil: HubControlHarness['waitUntil'] = (check, what, timeoutMs = 5000) =>
    waitFor(check, what, { timeoutMs, intervalMs: 25 });
  // Ready when hub-control has seen every hub connect.
  await waitUntil(
    async () => (await Promise.all(fleet.map((h) => app.presence.get(h.hubId)))).every((p) => p?.connected),
    'presence',
  );

  const close = async () => {
    for (const r of recorders) r.stop();
    await sim.close().catch(() => undefined);
    for (const a of apps) await a.close().catch(() => undefined);
    await nc.drain().catch(() => undefined);
    await mongo.drop();
    await postgres.drop().catch(() => undefined);
    await redis.drop();
  };
  return {
    prefix,
    config,
    app,
    sim,
    workerId,
    nc,
    db: mongo.db,
    redis: redis.redis,
    fleet,
    wfls,
    pool: postgres.pool,
    caller: (roles, name) => testCaller(roles, name),
    call,
    simControl,
    record,
    another: build,
    waitUntil,
    close,
  };
}
