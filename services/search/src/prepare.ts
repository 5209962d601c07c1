import { MongoClient } from 'mongodb';
import pg from 'pg';
import { migrateSearch } from './migrate.ts';
import { accelerate, type FerretBackend, findBackend } from './plugins/ferret.ts';
import { ensureGen1Indexes } from './plugins/gen1/indexes.ts';
import { type ReindexResult, reindex, worldLoaded } from './plugins/gen2/reindex.ts';

export interface PrepareOptions {
  databaseUrl: string;
  mongoUrl: string;
  ferretdbPostgresqlUrl?: string;
  /** Build the accelerator indexes without CONCURRENTLY (faster; only while nothing writes). */
  exclusive?: boolean;
  /** 'ifMissing' builds the Gen2 search index only when it was never built over this world (default: always). */
  index?: 'always' | 'ifMissing';
  log?: (msg: string) => void;
}

export interface Prepared {
  gen1Indexes: string[];
  accelerator: string[] | 'not FerretDB' | 'backend not reachable';
  index: ReindexResult | 'kept';
}

/**
 * Everything search needs beside the data, made outside a running service (the CLI and the
 * benchmark): its tables, its Gen1 indexes, the FerretDB accelerator indexes (waiting for another
 * process that is making them), and a full build of the Gen2 search index.
 */
export async function prepareSearch(o: PrepareOptions): Promise<Prepared> {
  const log = o.log ?? (() => undefined);
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 3 });
  const mongo = new MongoClient(o.mongoUrl);
  let backend: FerretBackend | null = null;
  try {
    await mongo.connect();
    const db = mongo.db();
    await migrateSearch(pool);
    const { made } = await ensureGen1Indexes(pool);
    const found = await findBackend(db, o.ferretdbPostgresqlUrl ?? '', o.databaseUrl);
    backend = found.backend;
    let accelerator: Prepared['accelerator'] =
      found.why === 'not FerretDB' ? 'not FerretDB' : 'backend not reachable';
    if (backend) {
      let got = await accelerate(backend, { concurrently: !o.exclusive });
      while (got === null) {
        log('search: another process is making the accelerator indexes; waiting');
        await new Promise((r) => setTimeout(r, 5000));
        got = await accelerate(backend, { concurrently: !o.exclusive });
      }
      accelerator = got;
    }
    log(
      `search: Gen1 indexes made: ${made.join(', ') || 'none'}; accelerator: ${JSON.stringify(accelerator)}`,
    );
    const built = await pool.query<{ world: string | null }>(
      "select value->>'world' as world from search_g2_meta where key = 'build'",
    );
    const current = built.rowCount && built.rows[0]?.world === (await worldLoaded(pool));
    const index = o.index === 'ifMissing' && current ? 'kept' : await reindex(pool, db, backend, log);
    return { gen1Indexes: made, accelerator, index };
  } finally {
    await backend?.close();
    await mongo.close();
    await pool.end();
  }
}
