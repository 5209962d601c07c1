/**
 * Recent Failed Commands over a loaded world: the kept list's read (what hub-control answers from,
 * kit recent-failed.ts) beside the transactions scan it replaced (`success != true` newest first,
 * which FerretDB answers by decoding every transaction), timed against the same store in one run.
 * Prints figures; asserts nothing.
 *
 *   node tests/bench/recent-failed.ts --customers 2000 [--runs 20]
 *
 * The world goes to the bench's own databases (`rf_<customers>`), kept between runs.
 */
import { parseArgs } from 'node:util';
import { COLLECTIONS, RECENT_FAILED } from '@console/contracts';
import { RecentFailedList } from '@console/kit';
import { loadWorld, migrateWorld } from '@console/world';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { benchDatabases, loadAverage } from './bench-kit.ts';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '2000' }, runs: { type: 'string', default: '20' } },
});
const customers = Number(args.customers);
const runs = Number(args.runs);
const env = devInfraUp();
const { databaseUrl, mongoUrl } = await benchDatabases(env, `rf_${customers}`);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const mongo = new MongoClient(mongoUrl);
await mongo.connect();
const db = mongo.db();

await migrateWorld(pool);
const loaded = await loadWorld({ pool, db, seed: 1, customers });
console.log(
  `world: ${customers} customers (${loaded.skipped ? 'held already' : `loaded in ${loaded.seconds} s`})`,
);
const list = new RecentFailedList(db);
const filled = await list.fillIfEmpty();
if (filled) console.log(`list filled from the transactions once: ${filled} entries`);

const transactions = db.collection(COLLECTIONS.transactions);
const scan = (limit: number) =>
  transactions
    .find({ success: { $ne: true } }, { sort: { createdDate: -1 }, limit, maxTimeMS: 60_000 })
    .toArray();

async function timed(name: string, fn: () => Promise<unknown>, n: number): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number).toFixed(1);
  console.log(
    `${name.padEnd(44)} p50 ${at(0.5).padStart(8)} ms  p95 ${at(0.95).padStart(8)} ms  (${n} runs)`,
  );
}

console.log(
  `transactions: ${await transactions.estimatedDocumentCount()}; load average ${loadAverage().join(' ')}`,
);
const same =
  JSON.stringify((await list.read(RECENT_FAILED.limit)).map((r) => r.id)) ===
  JSON.stringify((await scan(RECENT_FAILED.limit)).map((d) => d._id.toHexString()));
console.log(`the list answers what the scan answers: ${same}`);
await timed(`kept list, limit ${RECENT_FAILED.limit}`, () => list.read(RECENT_FAILED.limit), runs);
await timed(`kept list, limit ${RECENT_FAILED.maxLimit}`, () => list.read(RECENT_FAILED.maxLimit), runs);
// The peer is slow: a few runs say enough.
await timed(
  `peer: transactions scan, limit ${RECENT_FAILED.limit}`,
  () => scan(RECENT_FAILED.limit),
  Math.min(runs, 5),
);
console.log(`load average ${loadAverage().join(' ')}`);
await mongo.close();
await pool.end();
