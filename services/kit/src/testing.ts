import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A short random token for subject prefixes, key prefixes and database names. Inside a test run
 * it starts with the run's id (`TEST_RUN_ID`, set by the global setup), so the run's teardown can
 * tell its own leftovers from those of a run going on beside it.
 */
export function uniqueName(base: string): string {
  const run = /^[0-9a-f]{4}$/.test(process.env.TEST_RUN_ID ?? '') ? process.env.TEST_RUN_ID : '';
  return `${base}_${run}${randomBytes(run ? 3 : 4).toString('hex')}`;
}

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

/** The URLs tests/support/global-setup.ts settled on (from infra/dev-infra.sh up). */
export interface InfraEnv {
  NATS_URL: string;
  DATABASE_URL: string;
  MONGO_URL: string;
  REDIS_URL: string;
  SMTP_URL: string;
  MAILBOX_URL: string;
}

/** The infrastructure URLs, inside a test file of the services, integration or e2e tier. */
export function infraEnv(): InfraEnv {
  // Typed here rather than by augmenting vitest's ProvidedContext, which the re-exported type does not merge.
  return inject('infra' as never) as InfraEnv;
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
