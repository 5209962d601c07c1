import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { transaction } from './transaction.ts';

export interface Migration {
  /** The file name without `.sql`, e.g. `001_staff_users`; recorded once applied. */
  name: string;
  sql: string;
}

/**
 * A service's migrations: the `.sql` files of its `migrations/` folder in name order (so name them
 * `001_…`, `002_…`). The list is append-only: a released file is never edited; a change is a new file.
 */
export function readMigrations(dir: URL | string): Migration[] {
  const path = dir instanceof URL ? fileURLToPath(dir) : dir;
  return readdirSync(path)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), sql: readFileSync(join(path, f), 'utf8') }));
}

/**
 * The `migrations/` folder of the package a module belongs to: `migrationsDir(import.meta.url)`
 * finds `services/<name>/migrations` from `src/` as from compiled output, at whatever depth.
 */
export function migrationsDir(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = up;
  }
  return join(dir, 'migrations');
}

/** `auth` → `auth_migrations`, `hub-control` → `hub_control_migrations`: one table per service. */
export function migrationsTable(service: string): string {
  const base = service.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  if (!/^[a-z][a-z0-9_]*$/.test(base)) throw new Error(`bad service name for migrations: ${service}`);
  return `${base}_migrations`;
}

/**
 * Applies the migrations not yet recorded in the service's table, in one transaction under an
 * advisory lock named after the service, so several instances starting at once apply each exactly
 * once and none starts on a half-made schema. Returns the names applied (none when current).
 * Services share one database, so each keeps its own table of names.
 */
export async function runMigrations(
  pool: pg.Pool,
  service: string,
  migrations: readonly Migration[],
): Promise<string[]> {
  const table = migrationsTable(service);
  return transaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`console.${service}.migrations`]);
    await client.query(
      `create table if not exists ${table} (name text primary key, applied timestamptz not null default now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`select name from ${table}`)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await client.query(m.sql);
      await client.query(`insert into ${table} (name) values ($1)`, [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}

/**
 * What a service's app plugin calls once `postgresPlugin` is registered and before it takes any
 * request: `await migrateService(app, 'auth', migrationsDir(import.meta.url))`.
 */
export async function migrateService(
  app: FastifyInstance,
  service: string,
  dir: URL | string,
): Promise<string[]> {
  const applied = await runMigrations(app.pg, service, readMigrations(dir));
  if (applied.length) app.log.info({ applied }, 'database migrations applied');
  return applied;
}
