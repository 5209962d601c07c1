import { COLLECTIONS } from '@console/contracts';
import type { Db } from 'mongodb';
import type pg from 'pg';
import type { FerretBackend } from '../ferret.ts';
import { hubRow, productRow, structureRow, userRow } from './index-rows.ts';
import { markMigrated, upsertHubs, upsertProducts, upsertStructures, upsertUsers } from './index-write.ts';
import { type IndexCounts, NO_COUNTS } from './overview.ts';
import { countOf, type Kind, scan } from './sources.ts';

const LOCK = 'console.search.reindex';

export interface ReindexResult {
  built: boolean;
  counts: IndexCounts;
  seconds: number;
  source: 'ferretdb-backend' | 'mongo';
}

/**
 * Rebuilds the Gen2 search index from the documents. Rows are upserted, so searches keep working
 * during a rebuild; rows the rebuild did not see (documents deleted since) are dropped at its end.
 * Into an empty index the secondary indexes are built after the rows (much faster at scale).
 * One rebuild at a time across instances (advisory lock); `built: false` when another holds it.
 */
export async function reindex(
  pool: pg.Pool,
  db: Db,
  backend: FerretBackend | null,
  log: (msg: string) => void = () => undefined,
): Promise<ReindexResult> {
  const started = Date.now();
  const source = backend ? 'ferretdb-backend' : 'mongo';
  const lock = await pool.connect();
  const counts: IndexCounts = { ...NO_COUNTS };
  try {
    const got = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [LOCK]);
    if (!got.rows[0]?.ok) return { built: false, counts, seconds: 0, source };
    await restoreParked(pool);
    const empty = !(await pool.query('select 1 from search_g2_products limit 1')).rowCount;
    if (empty) await park(pool);
    const run = Date.now();
    const each = async (kind: Kind, write: (docs: never[]) => Promise<void>) => {
      for await (const docs of scan(kind, db, backend)) await write(docs as never[]);
      log(`search index: ${kind} done after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    await each('users', async (docs) => {
      counts.users += docs.length;
      await upsertUsers(pool, docs.map(userRow), run);
    });
    await each('structures', async (docs) => {
      counts.structures += docs.length;
      await upsertStructures(pool, docs.map(structureRow), run);
    });
    await each('hubs', async (docs) => {
      counts.links += docs.length;
      await upsertHubs(pool, docs.map(hubRow), run);
    });
    await each('products', async (docs) => {
      const rows = (docs as Parameters<typeof productRow>[0][]).map(productRow);
      counts.pairedDevices += rows.filter((r) => r.product_code !== 'L2').length;
      await upsertProducts(pool, rows, run);
    });
    counts.agents = await countOf(COLLECTIONS.agents, db, backend);
    // The overview's admins and web and app clients: counted in the background build, never on a read.
    counts.admins = await db.collection(COLLECTIONS.authUsers).countDocuments({ roles: 'admin' });
    counts.webClients = await db.collection(COLLECTIONS.clientDevices).countDocuments({ platform: 'web' });
    counts.appClients = await db
      .collection(COLLECTIONS.clientDevices)
      .countDocuments({ platform: { $in: ['android', 'ios'] } });
    for (const t of ['search_g2_users', 'search_g2_structures', 'search_g2_hubs', 'search_g2_products']) {
      await pool.query(`delete from ${t} where seen < $1`, [run]);
    }
    if (empty) await restoreParked(pool);
    await markMigrated(pool);
    for (const t of ['search_g2_users', 'search_g2_structures', 'search_g2_hubs', 'search_g2_products'])
      await pool.query(`analyze ${t}`);
    const seconds = (Date.now() - started) / 1000;
    const world = await worldLoaded(pool);
    await pool.query(
      `insert into search_g2_meta (key, value) values ('build', $1) on conflict (key) do update set value = $1, updated = now()`,
      [{ counts, at: new Date().toISOString(), seconds, source, world }],
    );
    return { built: true, counts, seconds, source };
  } finally {
    await lock.query('select pg_advisory_unlock_all()').catch(() => undefined);
    lock.release();
  }
}

/** The world the databases hold (services/world's world_meta), as 'seed/customers', or null. */
export async function worldLoaded(pool: pg.Pool): Promise<string | null> {
  const t = await pool.query<{ ok: string | null }>("select to_regclass('world_meta') as ok");
  if (!t.rows[0]?.ok) return null;
  const { rows } = await pool.query<{ w: string }>(
    "select seed || '/' || customers as w from world_meta where id = 1 and status = 'loaded'",
  );
  return rows[0]?.w ?? null;
}

/** Drops the index tables' secondary indexes, keeping their definitions (restored even after a crash). */
async function park(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where schemaname = current_schema() and tablename like 'search_g2_%' and indexname not like '%_pkey'`,
  );
  await pool.query(
    `insert into search_g2_meta (key, value) values ('parked', $1) on conflict (key) do update set value = $1, updated = now()`,
    [JSON.stringify(rows)],
  );
  for (const r of rows) await pool.query(`drop index if exists "${r.name}"`);
}

/** Rebuilds parked indexes, if any. */
export async function restoreParked(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ value: { name: string; def: string }[] }>(
    "select value from search_g2_meta where key = 'parked'",
  );
  const parked = rows[0]?.value ?? [];
  if (parked.length === 0) return 0;
  const client = await pool.connect();
  try {
    await client.query("set maintenance_work_mem = '512MB'");
    for (const r of parked)
      await client.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await client.query("delete from search_g2_meta where key = 'parked'");
    await client.query('reset maintenance_work_mem');
  } finally {
    client.release();
  }
  return parked.length;
}
