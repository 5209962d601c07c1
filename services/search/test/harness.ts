import type { Caller, Role } from '@console/contracts';
import { natsAuth } from '@console/kit';
import {
  infraEnv,
  type OperationCall,
  operationClient,
  scratchMongo,
  scratchPostgres,
  startApp,
  testCaller,
  testConfig,
  uniqueName,
  useSuite,
} from '@console/kit/testing';
import { loadWorld } from '@console/world';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { searchApp } from '../src/app.ts';
import { type SearchConfig, SearchConfigSchema } from '../src/config.ts';
import { buildIndex } from '../src/plugins/background.ts';

export { data, failure } from '@console/kit/testing';

/**
 * The real search app on real NATS, Postgres and the Mongo-compatible server, over a world made
 * by the world loader (a few hundred customers) in a fresh Postgres database and a Mongo database
 * of its own, both dropped afterwards. Requests go over NATS as the gateway sends them (the kit's
 * operation client). Nothing is mocked; the clock is the app's injectable one, so the 1-hour note
 * rule can be crossed.
 */
export interface SearchHarness {
  app: FastifyInstance;
  config: SearchConfig;
  pool: pg.Pool;
  db: Db;
  clock: { now: Date; advance(ms: number): void };
  call: OperationCall;
  /** A caller of its own (fresh id, e-mail and session) with these roles. */
  staff(roles: Role[], name?: string): Caller;
  /** The first row `sql` answers on the harness's Postgres. */
  one<T>(sql: string, values?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export const WORLD = { seed: 7, customers: 300 } as const;

export async function startSearch(
  o: { customers?: number; world?: boolean; env?: Record<string, string> } = {},
): Promise<SearchHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('search');
  const postgres = await scratchPostgres(infra.DATABASE_URL, 'search', 4);
  const mongo = await scratchMongo(infra.MONGO_URL, { name: prefix });
  const config = testConfig(SearchConfigSchema, prefix, {
    DATABASE_URL: postgres.url,
    MONGO_URL: mongo.url,
    INDEX_ON_START: 'never',
    FERRETDB_POSTGRESQL_URL: process.env.FERRETDB_POSTGRESQL_URL ?? '',
    INDEX_FOLLOW_RETRY_MS: '200',
    ...o.env,
  });
  if (o.world !== false) {
    await loadWorld({
      pool: postgres.pool,
      db: mongo.db,
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
  const app = await startApp(searchApp, {
    service: 'search',
    instance: prefix,
    options: { config, now: () => clock.now },
  });
  if (o.world !== false) await buildIndex(app);
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'search-test', ...natsAuth() });

  const close = async () => {
    await nc.drain().catch(() => undefined);
    await app.close().catch(() => undefined);
    await mongo.drop();
    await postgres.drop();
  };

  return {
    app,
    config,
    pool: postgres.pool,
    db: mongo.db,
    clock,
    call: operationClient(nc, prefix, { timeoutMs: 20_000 }),
    staff: (roles, name = 'Sam Support') => testCaller(roles, name, { unique: true }),
    one: async <T>(sql: string, values: unknown[] = []) =>
      (await postgres.pool.query(sql, values)).rows[0] as T,
    close,
  };
}

/** The suite's search service (started before its tests, closed after them) and a support caller. */
export function useSearch(o?: Parameters<typeof startSearch>[0]) {
  const h = useSuite(() => startSearch(o));
  return { h, support: () => h.staff(['support']) };
}
