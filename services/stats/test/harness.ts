import { randomUUID } from 'node:crypto';
import type { Caller, Role, ServiceReply } from '@console/contracts';
import { createServer, ensureStreams, natsAuth, readConfig, removeStreams } from '@console/kit';
import { operationClient, serviceScratch, testPool, uniqueName } from '@console/kit/testing';
import { loadWorld } from '@console/world';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { type Db, MongoClient } from 'mongodb';
import type pg from 'pg';
import { statsApp } from '../src/app.ts';
import { type StatsConfig, StatsConfigSchema } from '../src/config.ts';
import { READ_MODELS } from '../src/read-models/models.ts';

/**
 * The real stats app on real NATS (JetStream), Postgres and the Mongo-compatible server, in a
 * fresh Postgres database, a Mongo database and a NATS prefix of its own; optionally over a world
 * from the world loader. Requests go over NATS as the gateway sends them. Nothing is mocked.
 */
export interface StatsHarness {
  config: StatsConfig;
  pool: pg.Pool;
  db: Db;
  nc: NatsConnection;
  prefix: string;
  app: FastifyInstance | null;
  start(): Promise<FastifyInstance>;
  stop(): Promise<void>;
  call(opId: string, req?: CallInput): Promise<ServiceReply>;
  staff(roles: Role[]): Caller;
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
  if (reply.ok) throw new Error(`expected a failure, got ${JSON.stringify(reply.data).slice(0, 300)}`);
  return reply.error;
}

export async function startStats(
  o: { customers?: number; env?: Record<string, string> } = {},
): Promise<StatsHarness> {
  const { infra, prefix, database, mongoUrl } = await serviceScratch('stats');
  const config = readConfig(StatsConfigSchema, {
    ...infra,
    DATABASE_URL: database.url,
    MONGO_URL: mongoUrl,
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ROLLUP_LEADER_RETRY_MS: '200',
    ROLLUP_FLUSH_MS: '50',
    ...o.env,
  });
  const pool = testPool(database.url, 4);
  const mongo = new MongoClient(config.MONGO_URL);
  await mongo.connect();
  const db = mongo.db();
  if (o.customers) await loadWorld({ pool, db, seed: 11, customers: o.customers });
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'stats-test', ...natsAuth() });
  await ensureStreams(nc, prefix);

  const h: StatsHarness = {
    config,
    pool,
    db,
    nc,
    prefix,
    app: null,
    async start() {
      const app = await createServer({ service: 'stats', logLevel: 'silent', instance: uniqueName('i') });
      await app.register(statsApp, { config });
      await app.ready();
      h.app = app;
      return app;
    },
    async stop() {
      await h.app?.close();
      h.app = null;
    },
    // Signed like the gateway's requests (the kit refuses anything else).
    call: operationClient(nc, prefix, { timeoutMs: 20_000 }),
    staff: (roles) => ({
      userId: String(Math.floor(Math.random() * 1e6)),
      email: `${uniqueName('staff')}@console.test`,
      name: 'Stan Stats',
      roles,
      sessionId: randomUUID(),
    }),
    async close() {
      await h.stop().catch(() => undefined);
      await removeStreams(nc, prefix).catch(() => undefined);
      await nc.drain().catch(() => undefined);
      await db.dropDatabase().catch(() => undefined);
      await mongo.close().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await database.drop();
    },
  };
  return h;
}

/** Waits until `check` holds, polling; fails after `ms`. */
export async function until(check: () => Promise<boolean>, ms = 20_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until every read model has been built once (the screens that read them answer 503 until then). */
export async function readModelsBuilt(h: StatsHarness, ms = 120_000): Promise<void> {
  await until(
    async () => {
      const r = await h.pool
        .query<{ model: string }>('select model from rm_cursor where built_at is not null')
        .catch(() => ({ rows: [] as { model: string }[] }));
      const built = new Set(r.rows.map((x) => x.model));
      return READ_MODELS.every((m) => built.has(m.name));
    },
    ms,
    'the read models to be built',
  );
}

/** A started stats service over a world of its own, once its read models are built. */
export async function startStatsBuilt(o: Parameters<typeof startStats>[0] = {}): Promise<StatsHarness> {
  const h = await startStats(o);
  await h.start();
  await readModelsBuilt(h);
  return h;
}
