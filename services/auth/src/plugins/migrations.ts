import type pg from 'pg';

/**
 * The auth service's schema, as an append-only list: a migration, once released, is never edited;
 * a change is a new entry. Names are recorded in auth_migrations (not a shared schema_migrations)
 * so other services can keep their own lists in the same database.
 */
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: '001_staff_users',
    sql: `
      create table staff_users (
        id bigserial primary key,
        name text not null,
        email text not null,
        password_hash text not null,
        roles text not null default '',
        active boolean not null default true,
        require_one_time_code boolean not null default true,
        last_login timestamptz,
        created timestamptz not null default now(),
        updated timestamptz not null default now(),
        -- the code lower-cases before it writes; the check makes a forgotten call fail loudly
        constraint staff_users_email_lower check (email = lower(email))
      );
      create unique index staff_users_email_key on staff_users (email);`,
  },
  {
    name: '002_things',
    sql: `create table things (id bigserial primary key, name text not null);`,
  },
];

// Any constant works as long as every auth instance uses the same one.
const LOCK_KEY = 'console.auth.migrations';

/**
 * Applies what is missing in one transaction under an advisory lock, so several instances
 * starting at once apply each migration exactly once and none starts on a half-made schema.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [LOCK_KEY]);
    await client.query(
      'create table if not exists auth_migrations (name text primary key, applied timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('select name from auth_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.name)) continue;
      await client.query(m.sql);
      await client.query('insert into auth_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
    await client.query('commit');
    return applied;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
