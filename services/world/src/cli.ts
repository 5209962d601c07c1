/**
 * The world on the command line:
 *   node services/world/src/cli.ts load --customers 500 --seed 1 [--reset] [--no-histories] [--batch 1000] [--now ISO] [--no-announce]
 *   node services/world/src/cli.ts reset
 *   node services/world/src/cli.ts summary --customers 10000 --seed 1
 * DATABASE_URL and MONGO_URL come from the environment, with the kit's defaults. What a load
 * inserts is announced on the STORE stream of NATS_URL / NATS_PREFIX (as NATS_USER) when that
 * stream exists (--no-announce: never), so running statistics and read models follow it. A new world's now
 * is the load time, or --now (or WORLD_NOW), e.g. 2025-06-01T00:00:00Z for a reproducible one. A load
 * stopped half way (Ctrl-C) continues where it stopped when run again.
 */
import { parseArgs } from 'node:util';
import { CommonConfigSchema, readConfig } from '@console/kit';
import { Type } from '@sinclair/typebox';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { type StoreAnnouncer, storeAnnouncer } from './announce.ts';
import { loadWorld } from './load.ts';
import { throttledProgress } from './progress.ts';
import { resetWorld } from './reset.ts';
import { summarize } from './summary.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    customers: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    batch: { type: 'string', default: '1000' },
    reset: { type: 'boolean', default: false },
    'no-histories': { type: 'boolean', default: false },
    now: { type: 'string', default: process.env.WORLD_NOW ?? '' },
    'no-announce': { type: 'boolean', default: false },
  },
});
const command = positionals[0] ?? 'load';
const customers = Number(values.customers);
const seed = Number(values.seed);
if (!Number.isInteger(customers) || customers < 0 || !Number.isInteger(seed)) {
  console.error('--customers and --seed must be whole numbers');
  process.exit(2);
}

if (command === 'summary') {
  console.log(JSON.stringify(summarize({ seed, customers }), null, 2));
  process.exit(0);
}

const config = readConfig(
  Type.Pick(CommonConfigSchema, ['DATABASE_URL', 'MONGO_URL', 'NATS_URL', 'NATS_PREFIX']),
);
const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
const mongo = new MongoClient(config.MONGO_URL);
const rate = (n: number, s: number) => Math.round(n / Math.max(s, 0.001)).toLocaleString('en');
try {
  await mongo.connect();
  if (command === 'reset') {
    await resetWorld(pool, mongo.db());
    console.log('world reset');
  } else if (command === 'load') {
    let announcer: StoreAnnouncer | null = null;
    if (!values['no-announce']) {
      const a = await storeAnnouncer({ natsUrl: config.NATS_URL, prefix: config.NATS_PREFIX }).catch(
        (err) => ({
          announcer: null,
          why: `broker not reachable (${(err as Error).message}): not announced`,
        }),
      );
      announcer = a.announcer;
      console.log(`world: ${a.why}`);
    }
    const r = await loadWorld({
      pool,
      db: mongo.db(),
      seed,
      customers,
      reset: values.reset,
      histories: !values['no-histories'],
      batch: Number(values.batch),
      ...(values.now ? { now: values.now } : {}),
      onProgress: throttledProgress((line) => console.log(line), 2000),
      ...(announcer ? { onInserted: announcer.onInserted } : {}),
    }).finally(() => announcer?.close());
    if (r.skipped) console.log(`world seed ${seed} already holds ${customers} customers: nothing to do`);
    else {
      console.log(
        `${r.resumed ? 'resumed: ' : ''}loaded customers ${r.from}..${customers - 1} (now ${new Date(r.now).toISOString()}) in ${r.seconds.toFixed(1)} s: ${r.rows} rows (${rate(r.rows, r.seconds)}/s), ` +
          `${r.docs} docs (${rate(r.docs, r.seconds)}/s); Postgres ${r.pgSeconds.toFixed(1)} s, Mongo ${r.mongoSeconds.toFixed(1)} s, indexes ${r.indexSeconds.toFixed(1)} s${announcer ? `; ${announcer.published} announcements on STORE` : ''}`,
      );
    }
  } else {
    console.error(`unknown command ${command}: load, reset or summary`);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await pool.end();
  await mongo.close();
}
