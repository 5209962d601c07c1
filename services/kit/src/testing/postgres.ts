import pg from 'pg';
import { infraEnv, uniqueName } from './infra.ts';

/**
 * Creates a fresh Postgres database next to the one in `url` and returns its URL, so each test file
 * runs against an empty schema; `drop()` removes it afterwards.
 */
export async function freshDatabase(
  url: string,
  base = 't',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName(base);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A Postgres pool for a test's own queries. Test databases are dropped with force at the end, so
 * a connection that is still open then (a held client, an idle one) must not crash the run with
 * an unhandled 'terminating connection' error.
 */
export function testPool(url: string, max = 3): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export interface ScratchPostgres {
  url: string;
  pool: pg.Pool;
  /** Ends the pool and drops the database (with force). */
  drop(): Promise<void>;
}

/** A fresh database with a test pool on it: the usual pair a test file needs. */
export async function scratchPostgres(serverUrl: string, base = 't', poolSize = 3): Promise<ScratchPostgres> {
  const db = await freshDatabase(serverUrl, base);
  const pool = testPool(db.url, poolSize);
  return {
    url: db.url,
    pool,
    drop: async () => {
      await pool.end().catch(() => undefined);
      await db.drop();
    },
  };
}

/**
 * What a service test starts its service on: the infrastructure, a unique subject prefix, a fresh
 * Postgres database and a Mongo database URL named after the prefix (created on first write).
 */
export async function serviceScratch(base: string) {
  const infra = infraEnv();
  const prefix = uniqueName(base);
  const database = await freshDatabase(infra.DATABASE_URL, base);
  const mongo = new URL(infra.MONGO_URL);
  mongo.pathname = `/${prefix}`;
  return { infra, prefix, database, mongoUrl: mongo.toString() };
}
