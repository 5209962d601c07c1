import { randomUUID } from 'node:crypto';
import { type Caller, type Role, type ServiceReply, simSubjects } from '@console/contracts';
import { createServer, ensureStreams, natsAuth } from '@console/kit';
import {
  operationClient,
  serviceScratch,
  testConfig,
  testPool,
  uniqueName,
  waitFor,
} from '@console/kit/testing';
import { simulatorApp } from '@console/simulator/app';
import { SimulatorConfigSchema } from '@console/simulator/config';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { type Db, MongoClient } from 'mongodb';
import type pg from 'pg';
import { supervisorApp } from '../src/app.ts';
import { type SupervisorConfig, SupervisorConfigSchema } from '../src/config.ts';

/**
 * The real supervisor app on real NATS, Postgres and the Mongo-compatible server (a fresh database
 * of each, dropped afterwards), optionally beside the real simulator carrying a few supervisord
 * hosts. Requests go over NATS as the gateway sends them. Nothing is mocked; the clock is the app's
 * injectable one, so a heartbeat can be made old without waiting two minutes.
 */
export interface SupervisorHarness {
  app: FastifyInstance;
  sim: FastifyInstance | null;
  config: SupervisorConfig;
  prefix: string;
  nc: NatsConnection;
  pool: pg.Pool;
  db: Db;
  clock: { now: Date | null; advance(ms: number): void };
  call(
    opId: string,
    req?: { body?: unknown; params?: Record<string, unknown>; caller?: Caller | null },
  ): Promise<ServiceReply>;
  staff(roles: Role[]): Caller;
  simControl(op: 'host', body: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export function data<T = unknown>(reply: ServiceReply): T {
  if (!reply.ok) throw new Error(`expected success, got ${JSON.stringify(reply.error)}`);
  return reply.data as T;
}

export function failure(reply: ServiceReply) {
  if (!reply.ok) return reply.error;
  throw new Error(`expected a failure, got ${JSON.stringify(reply.data).slice(0, 300)}`);
}

/** The kit's waitFor, asking every 100 ms (each ask is a request to the app). */
export function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  return waitFor(check, what, { timeoutMs, intervalMs: 100 });
}

export async function startSupervisor(
  o: { simHosts?: number; env?: Record<string, string> } = {},
): Promise<SupervisorHarness> {
  const { prefix, database, mongoUrl } = await serviceScratch('sup');
  const config = testConfig(SupervisorConfigSchema, prefix, {
    DATABASE_URL: database.url,
    MONGO_URL: mongoUrl,
    HOST_TIMEOUT_MS: '1500',
    ...o.env,
  });
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'supervisor-test', ...natsAuth() });
  await ensureStreams(nc, prefix);
  const pool = testPool(database.url, 2);
  const mongo = new MongoClient(config.MONGO_URL);
  await mongo.connect();
  const db = mongo.db();
  // null: the real clock; a date: frozen there (advance moves it).
  const clock = {
    now: null as Date | null,
    advance(ms: number) {
      this.now = new Date((this.now ?? new Date()).getTime() + ms);
    },
  };
  const app = await createServer({ service: 'supervisor', logLevel: 'silent', instance: prefix });
  await app.register(supervisorApp, { config, now: () => clock.now ?? new Date() });
  await app.ready();

  let sim: FastifyInstance | null = null;
  if (o.simHosts) {
    const simConfig = testConfig(SimulatorConfigSchema, prefix, {
      SIM_HUBS: '0',
      SIM_WFLS: '0',
      SIM_HOSTS: String(o.simHosts),
      SIM_SEED: '3',
      SIM_TICK_MS: '50',
      SIM_HOST_HEARTBEAT_S: '1',
    });
    sim = await createServer({ service: 'simulator', logLevel: 'silent', instance: `${prefix}-sim` });
    await sim.register(simulatorApp, { config: simConfig, workerId: `${prefix}-sim` });
    await sim.ready();
  }

  // Signed like the gateway's requests (the kit refuses anything else).
  const call: SupervisorHarness['call'] = operationClient(nc, prefix, { timeoutMs: 20_000 });
  const staff = (roles: Role[]): Caller => ({
    userId: String(Math.floor(Math.random() * 1e6)),
    email: `${uniqueName('staff')}@console.test`,
    name: 'Olly Ops',
    roles,
    sessionId: randomUUID(),
  });
  const simControl = async (op: 'host', body: unknown) =>
    (await nc.request(simSubjects(prefix).control(op), JSON.stringify(body), { timeout: 3000 })).json();
  const close = async () => {
    await sim?.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await nc.drain().catch(() => undefined);
    await db.dropDatabase().catch(() => undefined);
    await mongo.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.drop();
  };
  return { app, sim, config, prefix, nc, pool, db, clock, call, staff, simControl, close };
}
