import { MongoClient } from 'mongodb';
import pg from 'pg';
import { type StoreAnnouncer, storeAnnouncer } from './announce.ts';
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
  /**
   * The broker the loaded records are announced on (`STORE`, under `natsPrefix`), so running or
   * later statistics and read models follow them; default NATS_URL and NATS_PREFIX ('console')
   * from the environment, with its broker user (NATS_USER). Not announced when unreachable or
   * when no `STORE` stream exists (the message says which).
   */
  natsUrl?: string;
  natsPrefix?: string;
}

/** The announcer for a load, or none with the reason (a demo loads without a broker too). */
async function announcerFor(o: DemoWorldOptions): Promise<{ announcer: StoreAnnouncer | null; why: string }> {
  const natsUrl = o.natsUrl ?? process.env.NATS_URL;
  if (!natsUrl) return { announcer: null, why: 'no broker named: the loaded records are not announced' };
  const prefix = o.natsPrefix ?? process.env.NATS_PREFIX ?? 'console';
  return storeAnnouncer({ natsUrl, prefix }).catch((err) => ({
    announcer: null,
    why: `the broker is not reachable (${(err as Error).message}): the loaded records are not announced`,
  }));
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
  let announce: Awaited<ReturnType<typeof announcerFor>> | null = null;
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
    if (!(meta?.status === 'loaded' && meta.customers >= o.customers && !frozen))
      announce = await announcerFor(o);
    const r = await loadWorld({
      pool,
      db: mongo.db(),
      seed: o.seed,
      customers: o.customers,
      reset: frozen,
      histories: meta && !frozen ? meta.histories : true,
      ...(o.now === undefined ? {} : { now: o.now }),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(announce?.announcer ? { onInserted: announce.announcer.onInserted } : {}),
    });
    if (r.skipped) return { outcome: 'present', message: `world: seed ${o.seed} already loaded` };
    const how = r.resumed ? `resumed at customer ${r.from}, ` : frozen ? 'loaded again to end now, ' : '';
    return {
      outcome: 'loaded',
      message: `world: ${how}loaded ${r.customers} customers of seed ${o.seed} (${r.rows} rows, ${r.docs} documents) in ${r.seconds.toFixed(1)} s; its now is ${new Date(r.now).toISOString()}; ${announce?.why ?? ''}`,
    };
  } catch (err) {
    if (err instanceof WorldStateError) return { outcome: 'other', message: `world: ${err.message}` };
    throw err;
  } finally {
    await announce?.announcer?.close();
    await pool.end();
    await mongo.close();
  }
}
