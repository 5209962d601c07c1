import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Caller } from '@console/contracts';
import type { InfraEnv } from '@console/kit/testing';
import pg from 'pg';

/**
 * What the benchmarks share: their own databases on the dev infrastructure, and services started
 * from source as processes of their own.
 */

const root = resolve(import.meta.dirname, '../..');

/** `url` with its path (the database) set to `name`. */
export const databaseAt = (url: string, name: string): string =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/**
 * A benchmark's own databases, `name` on the dev infrastructure's Postgres and Mongo: the Postgres
 * database is made when missing (Mongo makes its own on first write); both are kept between runs,
 * so a loaded world is reused.
 */
export async function benchDatabases(
  env: InfraEnv,
  name: string,
): Promise<{ databaseUrl: string; mongoUrl: string }> {
  const admin = new pg.Client({ connectionString: databaseAt(env.DATABASE_URL, 'postgres') });
  await admin.connect();
  try {
    if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount)
      await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return { databaseUrl: databaseAt(env.DATABASE_URL, name), mongoUrl: databaseAt(env.MONGO_URL, name) };
}

/**
 * Starts one service from its source (`services/<service>/src/server.ts`) as a process of the
 * bench's own, logging warnings and worse to the bench's output; `env` adds to (and overrides)
 * the bench's environment.
 */
export function spawnService(service: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [resolve(root, `services/${service}/src/server.ts`)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Whom a bench's direct NATS requests (signed as the gateway would) speak for: an admin. */
export const benchCaller = (): Caller => ({
  userId: '1',
  email: 'bench@console.test',
  name: 'Bench',
  roles: ['admin'],
  sessionId: randomUUID(),
});
