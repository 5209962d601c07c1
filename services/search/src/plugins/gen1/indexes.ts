import type pg from 'pg';

/**
 * Indexes search needs on the world's Gen1 tables beyond those the world schema makes
 * (services/world/src/postgres/migrations.ts: trigram and prefix indexes on what staff type).
 * Made here, idempotently, only once the tables exist; named `search_*`.
 */
export const GEN1_SEARCH_INDEXES: readonly { table: string; name: string; sql: string }[] = [
  {
    table: 'users',
    name: 'search_users_commercial',
    // The commercial list pages in user id order straight off this index.
    sql: "create index concurrently if not exists search_users_commercial on users (user_id) where role in ('commercial', 'api_user')",
  },
];

/** Creates the missing ones; returns those made, and the tables not there yet. */
export async function ensureGen1Indexes(pool: pg.Pool): Promise<{ made: string[]; missingTables: string[] }> {
  const made: string[] = [];
  const missingTables: string[] = [];
  for (const i of GEN1_SEARCH_INDEXES) {
    const t = await pool.query<{ ok: string | null }>('select to_regclass($1) as ok', [i.table]);
    if (!t.rows[0]?.ok) {
      missingTables.push(i.table);
      continue;
    }
    const exists = await pool.query(
      'select 1 from pg_indexes where schemaname = current_schema() and indexname = $1',
      [i.name],
    );
    if (exists.rowCount) continue;
    await pool.query(i.sql);
    made.push(i.name);
  }
  return { made, missingTables };
}
