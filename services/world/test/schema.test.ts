import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { customers, GEN1_TABLES, migrateWorld } from '../src/index.ts';
import { copyRows } from '../src/postgres/copy.ts';
import { WORLD_MIGRATIONS } from '../src/postgres/migrations.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());

const plan = async (sql: string, params: unknown[] = []) => {
  const client = await w.pool.connect();
  try {
    // At a few thousand rows a sequential scan is cheaper and the planner rightly picks it; with
    // sequential scans off, the plan shows whether an index can serve the query at all, which is
    // what holds at a million rows, where the planner prefers the index by itself.
    await client.query('set enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
};

describe('the Gen1 schema', () => {
  it('applies once, and a second run (or a concurrent one) changes nothing', async () => {
    const [a, b] = await Promise.all([migrateWorld(w.pool), migrateWorld(w.pool)]);
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual(WORLD_MIGRATIONS.map((m) => m.name).sort());
    expect(await migrateWorld(w.pool)).toEqual([]);
    const { rows } = await w.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    const tables = rows.map((r) => r.table_name);
    for (const t of [
      ...GEN1_TABLES,
      'device_types',
      'device_type_values',
      'world_meta',
      'world_migrations',
    ]) {
      expect(tables, t).toContain(t);
    }
    const ext = await w.pool.query("select 1 from pg_extension where extname = 'pg_trgm'");
    expect(ext.rowCount).toBe(1);
  });

  it('has the search indexes, and the planner uses them for substring and prefix terms', async () => {
    const client = await w.pool.connect();
    try {
      const users = [...customers({ seed: 11, customers: 6000 }, { histories: false })].flatMap(
        (c) => c.gen1.users,
      );
      await copyRows(client, 'users', users);
      expect(users.length).toBeGreaterThan(3000);
    } finally {
      client.release();
    }
    await w.pool.query('analyze users');
    const { rows } = await w.pool.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'public'",
    );
    const names = rows.map((r) => r.indexname);
    for (const i of [
      'users_email_trgm',
      'users_username_trgm',
      'users_name_trgm',
      'wfls_name_trgm',
      'devices_name_trgm',
    ]) {
      expect(names, i).toContain(i);
    }
    for (const i of [
      'users_email_prefix',
      'wfls_mac_prefix',
      'wfls_serial_prefix',
      'devices_serial_prefix',
    ]) {
      expect(names, i).toContain(i);
    }
    expect(await plan('select user_id from users where email ilike $1', ['%son12%'])).toMatch(
      /users_email_trgm/,
    );
    expect(await plan('select user_id from users where name ilike $1', ['%ith%'])).toMatch(/users_name_trgm/);
    expect(await plan('select user_id from users where lower(email) like $1', ['oliver.s%'])).toMatch(
      /users_email_prefix/,
    );
    expect(await plan('select wfl_id from wfls where mac like $1', ['74:0A:BC:1%'])).toMatch(
      /wfls_mac_prefix/,
    );
  });
});
