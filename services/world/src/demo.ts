import { MongoClient } from 'mongodb';
import pg from 'pg';
import { type LoadProgress, loadWorld } from './load.ts';
import { readMeta, WorldStateError } from './meta.ts';
import { migrateWorld } from './postgres/migrate.ts';

export interface DemoWorldOptions {
  databaseUrl: string;
  mongoUrl: string;
  customers: number;
  seed: number;
  /** The world's now when a new world is loaded (default: the load time). */
  now?: Date | number | string;
  onProgress?: (p: LoadProgress) => void;
}

export interface DemoWorldResult {
  /** loaded: written now; present: this seed already held at least this many customers; other: a
   * different world is loaded and was left alone (the CLI's --reset replaces it). */
  outcome: 'loaded' | 'present' | 'other';
  message: string;
}

/**
 * The demo's world, for infra/demo/seed.ts: idempotent. Skips when world `seed` already holds
 * `customers` (world_meta records it); extends a smaller world of the same seed; resumes a load
 * that stopped half way; loads again a demo world from before worlds had a now (it would end on
 * the reference clock's day); never replaces a different world (a benchmark's million customers stay).
 */
export async function loadDemoWorld(o: DemoWorldOptions): Promise<DemoWorldResult> {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 4 });
  const mongo = new MongoClient(o.mongoUrl, { serverSelectionTimeoutMS: 5000 });
  try {
    await mongo.connect();
    await migrateWorld(pool);
    const meta = await readMeta(pool);
    if (meta && meta.seed !== o.seed) {
      const what =
        meta.status === 'loading'
          ? `an unfinished load of seed ${meta.seed} (${meta.customers} customers so far) is held`
          : `seed ${meta.seed} with ${meta.customers} customers is loaded`;
      return {
        outcome: 'other',
        message: `world: ${what}; left as it is (the world CLI's --reset replaces it)`,
      };
    }
    const frozen = meta !== null && meta.now === null;
    const r = await loadWorld({
      pool,
      db: mongo.db(),
      seed: o.seed,
      customers: o.customers,
      reset: frozen,
      histories: meta && !frozen ? meta.histories : true,
      ...(o.now === undefined ? {} : { now: o.now }),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    });
    if (r.skipped) return { outcome: 'present', message: `world: seed ${o.seed} already loaded` };
    const how = r.resumed ? `resumed at customer ${r.from}, ` : frozen ? 'loaded again to end now, ' : '';
    return {
      outcome: 'loaded',
      message: `world: ${how}loaded ${r.customers} customers of seed ${o.seed} (${r.rows} rows, ${r.docs} documents) in ${r.seconds.toFixed(1)} s; its now is ${new Date(r.now).toISOString()}`,
    };
  } catch (err) {
    if (err instanceof WorldStateError) return { outcome: 'other', message: `world: ${err.message}` };
    throw err;
  } finally {
    await pool.end();
    await mongo.close();
  }
}
