import type pg from 'pg';

/**
 * The search service's own tables, as an append-only list recorded in search_migrations (the auth
 * and world services keep theirs apart in the same database). The Gen2 index tables hold a narrow
 * copy of the Mongo fields that prefix, substring and autocomplete searches need: FerretDB 1.x
 * serves no regular expression from an index (see README, "FerretDB").
 */
export const SEARCH_MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: '001_gen2_index',
    sql: `
      create extension if not exists pg_trgm;
      create table search_g2_users (
        user_id text primary key,
        email text not null,
        root_group_ids text[] not null default '{}',
        hub_id bigint,
        no_root boolean not null default false,
        created_date timestamptz,
        seen bigint not null default 0
      );
      create index search_g2_users_email on search_g2_users (email text_pattern_ops);
      create index search_g2_users_email_trgm on search_g2_users using gin (email gin_trgm_ops);
      create index search_g2_users_id on search_g2_users (user_id text_pattern_ops);
      create index search_g2_users_hub on search_g2_users (hub_id) where hub_id is not null;
      create table search_g2_structures (
        root_group_id text primary key,
        name text not null default '',
        link2 bigint[] not null default '{}',
        user_ids text[] not null default '{}',
        migrated boolean not null default false,
        created_date timestamptz,
        seen bigint not null default 0
      );
      create index search_g2_structures_id on search_g2_structures (root_group_id text_pattern_ops);
      create index search_g2_structures_migrated on search_g2_structures (created_date desc) where migrated;
      create table search_g2_hubs (
        hub_id bigint primary key,
        hub_hex text not null,
        root_group_id text,
        user_id text not null default '',
        serial text not null default '',
        error_state boolean not null default false,
        locked boolean not null default false,
        locked_since timestamptz,
        created_date timestamptz,
        seen bigint not null default 0
      );
      create index search_g2_hubs_text on search_g2_hubs ((hub_id::text) text_pattern_ops);
      create index search_g2_hubs_hex on search_g2_hubs (hub_hex text_pattern_ops);
      create index search_g2_hubs_error on search_g2_hubs (created_date desc) where error_state;
      create index search_g2_hubs_locked on search_g2_hubs (locked_since desc) where locked;
      create index search_g2_hubs_no_root on search_g2_hubs (created_date desc) where root_group_id is null;
      create table search_g2_products (
        device_id text primary key,
        root_group_id text not null,
        link_id bigint not null default 0,
        serial text not null default '',
        name text not null default '',
        product_code text not null default '',
        virtual_product_code text,
        migrated boolean not null default false,
        seen bigint not null default 0
      );
      create index search_g2_products_serial on search_g2_products (upper(serial) text_pattern_ops);
      create index search_g2_products_name on search_g2_products (lower(name) text_pattern_ops);
      create index search_g2_products_name_trgm on search_g2_products using gin (lower(name) gin_trgm_ops);
      create index search_g2_products_code on search_g2_products (product_code text_pattern_ops);
      create index search_g2_products_vcode on search_g2_products (virtual_product_code text_pattern_ops)
        where virtual_product_code is not null;
      create index search_g2_products_root on search_g2_products (root_group_id);
      create table search_g2_meta (key text primary key, value jsonb not null, updated timestamptz not null default now());`,
  },
  {
    name: '002_note_outbox',
    sql: `
      -- Automatic notes of account edits, written in the edit's own transaction and delivered to
      -- Mongo after it commits: an edit never goes without its note, even if Mongo is away.
      create table search_note_outbox (
        note_id text primary key,
        doc jsonb not null,
        created timestamptz not null default now(),
        delivered timestamptz
      );
      create index search_note_outbox_pending on search_note_outbox (created) where delivered is null;`,
  },
  {
    name: '003_users_by_structure',
    sql: 'create index search_g2_users_roots on search_g2_users using gin (root_group_ids)',
  },
];

const LOCK_KEY = 'console.search.migrations';

/** Applies what is missing in one transaction under an advisory lock (several instances may start at once). */
export async function migrateSearch(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [LOCK_KEY]);
    await client.query(
      'create table if not exists search_migrations (name text primary key, applied timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('select name from search_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of SEARCH_MIGRATIONS) {
      if (done.has(m.name)) continue;
      await client.query(m.sql);
      await client.query('insert into search_migrations (name) values ($1)', [m.name]);
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
