import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import pg from 'pg';

/**
 * The FerretDB accelerator. FerretDB 1.24 (PostgreSQL backend) pushes an equality filter on a
 * top-level field down as `(_jsonb -> 'field') @> '<value>'`, which none of the btree indexes it
 * creates for `createIndex` can serve: every find is a sequential scan (and any other filter is
 * evaluated in Go over every document). A GIN `jsonb_path_ops` index on the same expression, made
 * here directly in FerretDB's backend database, turns those equality finds into index scans
 * (measured: 110 ms → 2 ms at 200,000 users). The indexes are ours (prefix `search_fa_`); FerretDB
 * does not know them and a dropped collection takes them with it. On MongoDB this does nothing:
 * its own indexes serve the same queries.
 */
export const ACCELERATED_FIELDS: Record<string, readonly string[]> = {
  users: ['userId', 'email', 'rootGroupIds', 'hubId', 'noRoot'],
  users_old: ['userId', 'email'],
  structures: ['rootGroupId', 'link2'],
  hubs: ['hubId', 'rootGroupId', 'userId', 'errorState'],
  products: [
    'deviceId',
    'rootGroupId',
    'serial',
    'name',
    'productCode',
    'virtualProductCode',
    'migrated',
    'linkId',
  ],
  'product-archives': ['rootGroupId', 'linkId'],
  syncupdates: ['rootGroupId', 'linkId', 'errorSyncUpdateId'],
  socketlogs: ['hubId', 'clientId'],
  logs: ['rootGroupId', 'linkId'],
  workerconnections: ['handlerId', 'clientId', 'rootGroupId'],
  'structure-access-requests': ['rootGroupId'],
  agents: ['userId', 'rootGroups'],
  supportnotes: ['_id', 'customerId'],
  viewhistory: ['customerId'],
};

export interface FerretBackend {
  pool: pg.Pool;
  schema: string;
  /** The backend table of a collection, or null when the collection does not exist yet. */
  tableOf(collection: string): Promise<string | null>;
  close(): Promise<void>;
}

/** Whether the Mongo server is FerretDB (its buildInfo says so). */
export async function isFerretDb(db: Db): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

/** The backend URL: configured, or DATABASE_URL's server with database 'ferretdb' (as infra/dev-infra.sh runs it). */
export function backendUrl(configured: string, databaseUrl: string): string {
  if (configured) return configured;
  const u = new URL(databaseUrl);
  u.pathname = '/ferretdb';
  return u.toString();
}

export async function openBackend(url: string, dbName: string): Promise<FerretBackend> {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined); // idle connection lost: the next query reconnects
  pool.on('connect', (c) => c.on('error', () => undefined)); // a held one: its query fails instead
  await pool.query('select 1');
  const schema = dbName;
  const tableOf = async (collection: string) => {
    const meta = await pool.query<{ ok: string | null }>('select to_regclass($1) as ok', [
      `${ident(schema)}._ferretdb_database_metadata`,
    ]);
    if (!meta.rows[0]?.ok) return null;
    const { rows } = await pool.query<{ t: string }>(
      `select _jsonb->>'table' as t from ${ident(schema)}._ferretdb_database_metadata where _jsonb->>'_id' = $1`,
      [collection],
    );
    return rows[0]?.t ?? null;
  };
  return { pool, schema, tableOf, close: () => pool.end() };
}

/**
 * Whether the backend holds this Mongo database: its first collection has a table there. A
 * database with no collection yet cannot be told apart; the check runs again before every build.
 */
export async function backendMatches(db: Db, backend: FerretBackend): Promise<boolean> {
  const [first] = await db.listCollections({}, { nameOnly: true }).toArray();
  return !first || (await backend.tableOf(first.name)) !== null;
}

export type BackendFound =
  | { backend: FerretBackend; why?: undefined }
  | { backend: null; why: 'not FerretDB' | 'not reachable' | 'another database'; detail?: string };

/**
 * FerretDB's backend database holding `db` (at `configured`, else beside `databaseUrl`), open; or
 * why there is none to use: MongoDB, a backend that does not answer, or one holding other data.
 */
export async function findBackend(db: Db, configured: string, databaseUrl: string): Promise<BackendFound> {
  if (!(await isFerretDb(db))) return { backend: null, why: 'not FerretDB' };
  const url = backendUrl(configured, databaseUrl);
  let backend: FerretBackend | null = null;
  try {
    backend = await openBackend(url, db.databaseName);
    if (await backendMatches(db, backend)) return { backend };
  } catch (err) {
    await backend?.close();
    return { backend: null, why: 'not reachable', detail: (err as Error).message };
  }
  await backend.close();
  return { backend: null, why: 'another database', detail: new URL(url).pathname };
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function indexName(table: string, field: string): string {
  const h = createHash('sha1').update(`${table}.${field}`).digest('hex').slice(0, 8);
  return `search_fa_${table.slice(0, 30)}_${field
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, 12)}_${h}`;
}

/**
 * Creates the missing accelerator indexes (concurrently: FerretDB keeps writing); returns their
 * names, or null when another process is at it. One creator at a time: two concurrent builds on one table deadlock, so
 * whoever finds the advisory lock taken leaves the work to its holder.
 */
export async function accelerate(
  backend: FerretBackend,
  o: { concurrently?: boolean } = {},
): Promise<string[] | null> {
  // Without CONCURRENTLY a build is one pass instead of two, but holds off writes to the table.
  const how = o.concurrently === false ? '' : 'concurrently ';
  const made: string[] = [];
  const client = await backend.pool.connect();
  try {
    const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      ACCELERATE_LOCK,
    ]);
    if (!got.rows[0]?.ok) return null;
    await client.query("set maintenance_work_mem = '512MB'");
    for (const [collection, fields] of Object.entries(ACCELERATED_FIELDS)) {
      const table = await backend.tableOf(collection);
      if (!table) continue;
      for (const field of fields) {
        const name = indexName(table, field);
        const exists = await client.query(
          'select 1 from pg_indexes where schemaname = $1 and indexname = $2',
          [backend.schema, name],
        );
        if (exists.rowCount) continue;
        await client.query(
          `create index ${how}if not exists ${ident(name)} on ${ident(backend.schema)}.${ident(table)} ` +
            `using gin ((_jsonb -> ${literal(field)}) jsonb_path_ops)`,
        );
        made.push(name);
      }
      if (made.length) await client.query(`analyze ${ident(backend.schema)}.${ident(table)}`);
    }
    return made;
  } finally {
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}

const ACCELERATE_LOCK = 'console.search.accelerate';

function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** Names of the accelerator indexes present, for the query-plan report. */
export async function acceleratorIndexes(backend: FerretBackend): Promise<string[]> {
  const { rows } = await backend.pool.query<{ indexname: string }>(
    "select indexname from pg_indexes where schemaname = $1 and indexname like 'search_fa_%' order by 1",
    [backend.schema],
  );
  return rows.map((r) => r.indexname);
}
