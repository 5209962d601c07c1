/**
 * What the statistics pay to follow a growing world (issue 28): a world of `--customers` loaded,
 * the stats service started (it backfills), then `--grow` more customers written straight to the
 * store and announced on `STORE`, as the platform's writers do. Prints the follower's catch-up
 * (wall time from the last announcement until every one is counted, and the records it read)
 * beside its peer, a recount of the same collections from the store (what a job re-reading them on
 * a timer would pay each time), from the same run.
 *
 *   node services/stats/test/catchup-bench.ts --customers 2000 --grow 100
 *
 * It sits beside the service's tests (not in tests/bench) because it builds the stats app in this
 * process to run its backfill as the peer; it is not a test file. Needs `infra/dev-infra.sh up`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COLLECTIONS, STORE_EVENT_COLLECTIONS, storeEventMessages, subjects } from '@console/contracts';
import { createServer, ensureStreams, natsAuth, readConfig, removeStreams } from '@console/kit';
import { freshDatabase, uniqueName } from '@console/kit/testing';
import { generateCustomer, loadWorld } from '@console/world';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type Document, MongoClient } from 'mongodb';
import pg from 'pg';
import { statsApp } from '../src/app.ts';
import { StatsConfigSchema } from '../src/config.ts';
import { BACKFILL_METRICS, runBackfill } from '../src/plugins/backfill.ts';
import { FOLLOWED_METRICS } from '../src/plugins/record-counts.ts';

const root = new URL('../../../', import.meta.url);
for (const line of readFileSync(new URL('.dev-infra/env', root), 'utf8').split('\n')) {
  const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
  if (m?.[1] && m[2] !== undefined) process.env[m[1]] ??= m[2];
}
const need = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set: run infra/dev-infra.sh up`);
  return v;
};
const env = { DATABASE_URL: need('DATABASE_URL'), MONGO_URL: need('MONGO_URL'), NATS_URL: need('NATS_URL') };

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const { values } = parseArgs({
  options: { customers: { type: 'string', default: '2000' }, grow: { type: 'string', default: '100' } },
});
const customers = Number(values.customers);
const grow = Number(values.grow);
const SEED = 11;

const database = await freshDatabase(env.DATABASE_URL, 'bench');
const pool = new pg.Pool({ connectionString: database.url, max: 4 });
const mongoUrl = new URL(env.MONGO_URL);
mongoUrl.pathname = `/${uniqueName('bench')}`;
const mongo = await new MongoClient(mongoUrl.toString()).connect();
const prefix = uniqueName('bench');
const nc = await connect({ servers: env.NATS_URL.split(','), name: 'catchup-bench', ...natsAuth() });
await ensureStreams(nc, prefix);
const h = { db: mongo.db(), nc, prefix };
const t0 = Date.now();
await loadWorld({ pool, db: h.db, seed: SEED, customers });
console.log(`world of ${customers} customers loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
const app = await createServer({ service: 'stats', logLevel: 'silent', instance: uniqueName('i') });
try {
  const config = readConfig(StatsConfigSchema, {
    ...process.env,
    DATABASE_URL: database.url,
    MONGO_URL: mongoUrl.toString(),
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
  await app.register(statsApp, { config });
  await app.ready();
  const b0 = Date.now();
  await until(
    async () => {
      const done = await app.rollups.backfilled();
      return FOLLOWED_METRICS.every((m) => done.has(m));
    },
    3_600_000,
    'the backfill',
  );
  const backfillMs = Date.now() - b0;

  // Growth: written and announced as the platform's writers do.
  const js = jetstream(h.nc);
  const s = subjects(h.prefix);
  let announced = 0;
  const w0 = Date.now();
  for (let i = customers; i < customers + grow; i++) {
    const c = generateCustomer(SEED, i);
    for (const key of STORE_EVENT_COLLECTIONS) {
      const docs = (c.gen2[key] as Document[]).map((d) => ({ ...d }));
      if (!docs.length) continue;
      await h.db.collection(COLLECTIONS[key]).insertMany(docs);
      for (const m of storeEventMessages(key, docs))
        await js.publish(s.storeInserted(key), m.body, { msgID: m.msgID });
      announced += docs.length;
    }
  }
  const writeMs = Date.now() - w0;
  const c0 = Date.now();
  const jsm = await jetstreamManager(h.nc);
  const last = (await jsm.streams.info(app.storeFollower.stream)).state.last_seq;
  await until(async () => (await app.storeFollower.status()).lastSeq >= last, 600_000, 'the follower');
  const catchupMs = Date.now() - c0;

  // The peer: the same collections recounted from the store.
  let documents = 0;
  for (const key of STORE_EVENT_COLLECTIONS)
    documents += await h.db.collection(COLLECTIONS[key]).countDocuments();
  const r0 = Date.now();
  const deps = { pool, db: h.db, store: app.rollups, log: app.log };
  const followed = new Set(BACKFILL_METRICS(deps).filter((m) => FOLLOWED_METRICS.includes(m)));
  await runBackfill(deps, new Date(), followed);
  const recountMs = Date.now() - r0;

  console.log(`first backfill (every metric): ${backfillMs} ms`);
  console.log(`growth: ${grow} customers, ${announced} records written and announced in ${writeMs} ms`);
  console.log(`(the follower counts while they are written; below, from the last announcement on)`);
  console.log('                               wall ms   records read');
  console.log(
    `follower catch-up           ${String(catchupMs).padStart(10)}   ${String(announced).padStart(12)}`,
  );
  console.log(
    `peer: recount from the store${String(recountMs).padStart(10)}   ${String(documents).padStart(12)}`,
  );
} finally {
  await app.close();
  await removeStreams(nc, prefix);
  await nc.drain();
  await h.db.dropDatabase();
  await mongo.close();
  await pool.end();
  await database.drop();
}
