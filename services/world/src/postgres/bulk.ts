import { transaction } from '@console/kit';
import type pg from 'pg';
import { GEN1_TABLES } from '../gen1/types.ts';

/**
 * A large load into an empty world is faster without the secondary indexes (the trigram GIN
 * indexes above all): they are parked (definitions kept in world_parked_indexes, then dropped)
 * and rebuilt once the rows are in. Parked definitions survive a crash: `restoreIndexes` runs at
 * the end of a load and in every `migrateWorld` (which resets and loads start with), so no path
 * leaves them missing for long.
 */
export async function parkIndexes(pool: pg.Pool): Promise<number> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string; def: string }>(
      `insert into world_parked_indexes (name, def)
       select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
       on conflict (name) do nothing
       returning name, def`,
      [[...GEN1_TABLES]],
    );
    for (const r of rows) await client.query(`drop index if exists "${r.name}"`);
    return rows.length;
  });
}

/** Held (session lock) by a running load; parked indexes are rebuilt only when no load holds it. */
export const LOAD_LOCK = 'console.world.load';

/**
 * Rebuilds every parked index, unless a load is running in another session (it rebuilds them
 * itself when it ends); returns how many were rebuilt.
 */
export async function restoreIndexes(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ name: string; def: string }>(
    'select name, def from world_parked_indexes',
  );
  if (rows.length === 0) return 0;
  const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
    LOAD_LOCK,
  ]);
  if (!lock.rows[0]?.ok) return 0;
  try {
    // GIN builds go much faster with room to sort in.
    await client.query("set maintenance_work_mem = '512MB'");
    for (const r of rows) {
      await client.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      await client.query('delete from world_parked_indexes where name = $1', [r.name]);
    }
    await client.query('reset maintenance_work_mem');
    return rows.length;
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [LOAD_LOCK]);
  }
}
