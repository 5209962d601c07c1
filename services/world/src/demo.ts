import { MongoClient } from 'mongodb';
import pg from 'pg';
import { loadWorld } from './load.ts';
import { readMeta, WorldStateError } from './meta.ts';
import { migrateWorld } from './postgres/migrate.ts';

export interface DemoWorldOptions {
  databaseUrl: string;
  mongoUrl: string;
  customers: number;
  seed: number;
}

export interface DemoWorldResult {
  /** loaded: written now; present: this seed already held at least this many customers; other: a
   * different world is loaded and was left alone (the CLI's --reset replaces it). */
  outcome: 'loaded' | 'present' | 'other';
  message: string;
}

/**
 * The demo's world, for infra/demo/seed.ts: idempotent. Skips when world `seed` already holds
 * `customers` (world_meta records it); extends a smaller world of the same seed; finishes a load
 * that stopped half way by starting it again; never replaces a different world (a benchmark's
 * million customers stay).
 */
export async function loadDemoWorld(o: DemoWorldOptions): Promise<DemoWorldResult> {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 4 });
  const mongo = new MongoClient(o.mongoUrl, { serverSelectionTimeoutMS: 5000 });
  try {
    await mongo.connect();
    await migrateWorld(pool);
    const meta = await readMeta(pool);
    const unfinished = meta?.status === 'loading';
    if (meta && !unfinished && meta.seed !== o.seed) {
      return {
        outcome: 'other',
        message: `world: seed ${meta.seed} with ${meta.customers} customers is loaded; left as it is`,
      };
    }
    const r = await loadWorld({
      pool,
      db: mongo.db(),
      seed: o.seed,
      customers: o.customers,
      reset: unfinished,
      histories: meta && !unfinished ? meta.histories : true,
    });
    if (r.skipped) return { outcome: 'present', message: `world: seed ${o.seed} already loaded` };
    return {
      outcome: 'loaded',
      message: `world: loaded ${r.customers} customers of seed ${o.seed} (${r.rows} rows, ${r.docs} documents) in ${r.seconds.toFixed(1)} s`,
    };
  } catch (err) {
    if (err instanceof WorldStateError) return { outcome: 'other', message: `world: ${err.message}` };
    throw err;
  } finally {
    await pool.end();
    await mongo.close();
  }
}
