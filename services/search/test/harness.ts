import { randomUUID } from 'node:crypto';
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
import { loadWorld } from '@console/world';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { type Db, MongoClient } from 'mongodb';
import type pg from 'pg';
import { searchApp } from '../src/app.ts';
import { type SearchConfig, SearchConfigSchema } from '../src/config.ts';
import { buildIndex } from '../src/plugins/background.ts';

/**
 * The real search app on real NATS, Postgres and the Mongo-compatible server, over a world made
 * by the world loader (a few hundred customers) in a fresh Postgres database and a Mongo database
 * of its own, both dropped afterwards. Requests go over NATS as the gateway sends them. Nothing is
 * mocked; the clock is the app's injectable one, so the 1-hour note rule can be crossed.
 */
export interface SearchHarness {
  app: FastifyInstance;
  config: SearchConfig;
  pool: pg.Pool;
  db: Db;
  clock: { now: Date; advance(ms: number): void };
  call(opId: string, req?: CallInput): Promise<ServiceReply>;
  staff(roles: Role[], name?: string): Caller;
  close(): Promise<void>;
}

export interface CallInput {
  body?: unknown;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  caller?: Caller | null;
}

export function data<T = unknown>(reply: ServiceReply): T {
  if (!reply.ok) throw new Error(`expected success, got ${JSON.stringify(reply.error)}`);
  return reply.data as T;
}

export function failure(reply: ServiceReply) {
  if (reply.ok) throw new Error(`expected a failure, got ${JSON.stringify(reply.data).slice(0, 500)}`);
  return reply.error;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const WORLD = { seed: 7, customers: 300 } as const;

export async function startSearch(o: { customers?: number; world?: boolean } = {}): Promise<SearchHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('search');
  const database = await freshDatabase(infra.DATABASE_URL, 'search');
  const mongoUrl = new URL(infra.MONGO_URL);
  mongoUrl.pathname = `/${prefix}`;
  const config = readConfig(SearchConfigSchema, {
    ...infra,
    DATABASE_URL: database.url,
    MONGO_URL: mongoUrl.toString(),
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    INDEX_ON_START: 'never',
    FERRETDB_POSTGRESQL_URL: process.env.FERRETDB_POSTGRESQL_URL ?? '',
  });
  const pool = testPool(database.url, 4);
  const mongo = new MongoClient(config.MONGO_URL);
  await mongo.connect();
  const db = mongo.db();
  if (o.world !== false) {
    await loadWorld({
      pool,
      db,
      seed: WORLD.seed,
      customers: o.customers ?? WORLD.customers,
      histories: false,
    });
  }
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await createServer({ service: 'search', logLevel: 'silent', instance: prefix });
  await app.register(searchApp, { config, now: () => clock.now });
  await app.ready();
  if (o.world !== false) await buildIndex(app);
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'search-test' });
  const subj = subjects(prefix);

  const call = async (opId: string, req: CallInput = {}): Promise<ServiceReply> => {
    const op = OPERATIONS.find((x) => x.id === opId);
    if (!op) throw new Error(`unknown operation ${opId}`);
    const request = {
      requestId: randomUUID(),
      caller: req.caller === undefined ? null : req.caller,
      ip: '192.0.2.1',
      params: req.params ?? {},
      query: req.query ?? {},
      body: req.body ?? null,
    };
    const msg = await nc.request(
      subj.api('search', operationName(op)),
      encoder.encode(JSON.stringify(asGateway('search', operationName(op), request))),
      {
        timeout: 20_000,
      },
    );
    return JSON.parse(decoder.decode(msg.data)) as ServiceReply;
  };

  const staff = (roles: Role[], name = 'Sam Support'): Caller => ({
    userId: String(Math.floor(Math.random() * 1e6)),
    email: `${uniqueName('staff')}@console.test`,
    name,
    roles,
    sessionId: randomUUID(),
  });

  const close = async () => {
    await nc.drain().catch(() => undefined);
    await app.close().catch(() => undefined);
    await db.dropDatabase().catch(() => undefined);
    await mongo.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.drop();
  };

  return { app, config, pool, db, clock, call, staff, close };
}
