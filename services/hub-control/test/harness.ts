import { randomUUID } from 'node:crypto';
import type { SimHub, SimWfl } from '@console/contracts';
import {
  type Caller,
  OPERATIONS,
  operationName,
  type Role,
  type ServiceReply,
  subjects,
} from '@console/contracts';
import { asGateway, createServer, readConfig } from '@console/kit';
import { freshDatabase, infraEnv, testPool, uniqueName } from '@console/kit/testing';
import { simulatorApp } from '@console/simulator/app';
import { SimulatorConfigSchema } from '@console/simulator/config';
import { syntheticFleet } from '@console/simulator/fleet';
import { migrateWorld } from '@console/world';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Db, MongoClient } from 'mongodb';
import type pg from 'pg';
import { hubControlApp } from '../src/app.ts';
import { type HubControlConfig, HubControlConfigSchema } from '../src/config.ts';

/**
 * The real hub-control app with the real simulator as its hubs and WiFi links, on real NATS,
 * Redis, Postgres and the Mongo-compatible server: fresh databases (with the world's Gen1 schema
 * when `world` is asked for), its own NATS prefix and Redis prefix. Requests go
 * over NATS as the gateway sends them; callers are built as the gateway builds them from a session.
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
  ): Promise<ServiceReply>;
  simControl(op: string, body: unknown): Promise<unknown>;
  record(subject: string): Msg[];
  /** Another hub-control instance on the same stores and prefixes. */
  another(): Promise<FastifyInstance>;
  waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function data<T = Record<string, unknown>>(reply: ServiceReply): T {
  if (!reply.ok) throw new Error(`expected success, got ${JSON.stringify(reply.error)}`);
  return reply.data as T;
}

export function failure(reply: ServiceReply) {
  if (reply.ok) throw new Error(`expected a failure, got ${JSON.stringify(reply.data)}`);
  return reply.error;
}

export async function startHubControl(
  env: Record<string, string> = {},
  simEnv: Record<string, string> = {},
  opts: { world?: boolean } = {},
): Promise<HubControlHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('hc');
  const database = await freshDatabase(infra.DATABASE_URL, 'hc');
  const pool = testPool(database.url, 3);
  // Dropping the database at the end ends idle connections; that is expected.
  pool.on('error', () => undefined);
  if (opts.world) await migrateWorld(pool);
  const mongoUrl = new URL(infra.MONGO_URL);
  mongoUrl.pathname = `/${prefix}`;
  const config = readConfig(HubControlConfigSchema, {
    ...infra,
    MONGO_URL: mongoUrl.toString(),
    DATABASE_URL: database.url,
    NATS_PREFIX: prefix,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    HUB_TIMEOUT_MS: '1000',
    ...env,
  });
  const nc = await connect({ servers: infra.NATS_URL.split(','), name: 'hub-control-test' });
  const subs: { unsubscribe(): void }[] = [];
  const record = (subject: string) => {
    const seen: Msg[] = [];
    subs.push(nc.subscribe(subject, { callback: (_e, m) => void seen.push(m) }));
    return seen;
  };

  const apps: FastifyInstance[] = [];
  const build = async () => {
    const instance = uniqueName('hc');
    const app = await createServer({ service: 'hub-control', logLevel: 'silent', instance });
    await app.register(hubControlApp, { config, instance });
    await app.ready();
    apps.push(app);
    return app;
  };
  // hub-control first, so it hears the hubs connect.
  const app = await build();

  const simConfig = readConfig(SimulatorConfigSchema, {
    ...infra,
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    SIM_HUBS: '8',
    SIM_SEED: '5',
    SIM_TICK_MS: '20',
    SIM_CONNECT_SPREAD_MS: '0',
    SIM_RESTART_MS: '300',
    SIM_EVENTS_PER_HUB_PER_MIN: '0',
    SIM_STATUS_PER_HUB_PER_MIN: '0',
    SIM_LOGS_PER_HUB_PER_MIN: '0',
    SIM_NOTIFICATIONS_PER_HUB_PER_MIN: '0',
    ...simEnv,
  });
  const sim = await createServer({ service: 'simulator', logLevel: 'silent', instance: 'sim-test' });
  const workerId = uniqueName('worker');
  await sim.register(simulatorApp, { config: simConfig, workerId });
  await sim.ready();
  const { hubs: fleet, wfls } = syntheticFleet({
    hubs: simConfig.SIM_HUBS,
    wfls: simConfig.SIM_WFLS,
    hosts: 0,
    seed: simConfig.SIM_SEED,
  });

  const mongo = new MongoClient(mongoUrl.toString());
  await mongo.connect();
  const db = mongo.db();
  const redis = new Redis(config.REDIS_URL);
  const subj = subjects(prefix);

  const call: HubControlHarness['call'] = async (opId, caller, body = null, params = {}) => {
    const op = OPERATIONS.find((o) => o.id === opId);
    if (!op) throw new Error(`unknown operation ${opId}`);
    const request = { requestId: randomUUID(), caller, ip: '192.0.2.1', params, query: {}, body };
    const signed = asGateway('hub-control', operationName(op), request);
    const msg = await nc.request(subj.api('hub-control', operationName(op)), JSON.stringify(signed), {
      timeout: 10_000,
    });
    return msg.json<ServiceReply>();
  };
  const caller: HubControlHarness['caller'] = (roles, name = 'Ada Admin') => ({
    userId: String(1000 + roles.length),
    email: `${name.split(' ')[0]?.toLowerCase()}@console.test`,
    name,
    roles,
    sessionId: 'test-session',
  });
  const simControl = async (op: string, body: unknown) =>
    (await nc.request(`${prefix}.sim.control.${op}`, JSON.stringify(body), { timeout: 2000 })).json();
  const waitUntil: HubControlHarness['waitUntil'] = async (check, what, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  // Ready when hub-control has seen every hub connect.
  await waitUntil(
    async () => (await Promise.all(fleet.map((h) => app.presence.get(h.hubId)))).every((p) => p?.connected),
    'presence',
  );

  const close = async () => {
    for (const s of subs) s.unsubscribe();
    await sim.close().catch(() => undefined);
    for (const a of apps) await a.close().catch(() => undefined);
    await nc.drain().catch(() => undefined);
    await db.dropDatabase().catch(() => undefined);
    await mongo.close();
    await pool.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  };
  return {
    prefix,
    config,
    app,
    sim,
    workerId,
    nc,
    db,
    redis,
    fleet,
    wfls,
    pool,
    caller,
    call,
    simControl,
    record,
    another: build,
    waitUntil,
    close,
  };
}
