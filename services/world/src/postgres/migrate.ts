import type pg from 'pg';
import { restoreIndexes } from './bulk.ts';
import { WORLD_MIGRATIONS } from './migrations.ts';

// Any constant works as long as every process that migrates the world uses the same one.
const LOCK_KEY = 'console.world.migrations';

/**
 * Applies the missing world migrations in one transaction under an advisory lock, so loaders,
 * the demo seed and services starting at once apply each exactly once and none sees half a schema.
 * Returns the names applied (none when the schema is current). Also rebuilds any index a bulk
 * load parked and never restored.
 */
export async function migrateWorld(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [LOCK_KEY]);
    await client.query(
      'create table if not exists world_migrations (name text primary key, applied timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('select name from world_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of WORLD_MIGRATIONS) {
      if (done.has(m.name)) continue;
      await client.query(m.sql);
      await client.query('insert into world_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
    await client.query('commit');
    // Indexes a bulk load parked and could not rebuild (it stopped half way) come back here.
    await restoreIndexes(client);
    return applied;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
