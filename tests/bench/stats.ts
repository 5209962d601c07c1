/**
 * Statistics at scale: each statistics call through HTTP (gateway → NATS → stats service, answered
 * from the rollups or its raw query) beside the floor, the one query over the raw data a
 * hand-written report would run (tests/bench/stats-floors.ts); p50 and p95 of sequential calls.
 * Then the rollup consumer under load: hub messages published at a target rate into the stream,
 * the consumer's counting rate and its lag behind the stream, second by second. Prints figures;
 * asserts nothing.
 *
 *   node tests/bench/stats.ts --customers 100000 [--seed 1] [--runs 50] [--floor-runs 3] [--rate 20000] [--seconds 15] [--load-only] [--groups-wait 3600] [--keep-rollups] [--floor-timeout 0]
 *
 * The world (with histories: a year of daily records, transactions, logs, client devices…) is
 * loaded into the Postgres and Mongo databases `stats_bench_<customers>`, or reused.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { subjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { loadWorld } from '@console/world';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin } from '../support/people.ts';
import { startStack } from '../support/stack.ts';
import { ms, row, series } from './search-measure.ts';
import { statsFloors } from './stats-floors.ts';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '50' },
    'floor-runs': { type: 'string', default: '3' },
    rate: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '15' },
    // Load (or finish loading) the world and stop: the load is long, the measuring short.
    'load-only': { type: 'boolean', default: false },
    // How long to wait for the groups backfill after the others are done (seconds).
    'groups-wait': { type: 'string', default: '3600' },
    // Keep the rollups of an earlier run over the same world (no new backfill).
    'keep-rollups': { type: 'boolean', default: false },
    // A floor run still going after this many seconds is cut and shown as "> N" (0: no limit).
    'floor-timeout': { type: 'string', default: '0' },
  },
});
const CUSTOMERS = Number(args.customers);
const RUNS = Number(args.runs);
// The floors scan raw collections (FerretDB serves no date grouping): a few runs say enough.
const FLOOR_RUNS = Number(args['floor-runs']);
const root = resolve(import.meta.dirname, '../..');
const env = devInfraUp();
const name = `stats_bench_${CUSTOMERS}`;
const databaseUrl = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${name}` }).toString();
const mongoUrl = Object.assign(new URL(env.MONGO_URL), { pathname: `/${name}` }).toString();

const admin = new pg.Client({
  connectionString: Object.assign(new URL(env.DATABASE_URL), { pathname: '/postgres' }).toString(),
});
await admin.connect();
if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount)
  await admin.query(`create database ${name}`);
await admin.end();
const FLOOR_TIMEOUT_MS = Number(args['floor-timeout']) * 1000;
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 4,
  options: `-c jit=off${FLOOR_TIMEOUT_MS ? ` -c statement_timeout=${FLOOR_TIMEOUT_MS}` : ''}`,
});
const mongo = new MongoClient(mongoUrl);
await mongo.connect();
const db = mongo.db();

console.error(`world: ${CUSTOMERS.toLocaleString('en')} customers of seed ${args.seed} in ${name}…`);
const loaded = await loadWorld({
  pool,
  db,
  seed: Number(args.seed),
  customers: CUSTOMERS,
  onProgress: (p) =>
    p.customers % 20_000 === 0 &&
    console.error(`  ${p.customers.toLocaleString('en')} customers, ${p.seconds.toFixed(0)} s`),
});
console.error(loaded.skipped ? 'world: reused' : `world: loaded in ${loaded.seconds.toFixed(0)} s`);
if (args['load-only']) {
  await Promise.all([pool.end(), mongo.close()]);
  process.exit(0);
}

// Counts from an earlier run stay valid (same world); a fresh stream prefix starts the consumer anew.
if (!args['keep-rollups'])
  await pool.query(
    'drop table if exists stats_cursor, stats_seen, stats_rollup, stats_backfill, stats_migrations',
  );
const stack = await startStack(env, ['auth', 'gateway']);
// The stats service's own HTTP port: its /rollups shows the cursor and the stream's last sequence.
const STATS_PORT = 20000 + Math.floor(Math.random() * 20000);
const started = Date.now();
const stats = spawn(process.execPath, [resolve(root, 'services/stats/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    ...env,
    DATABASE_URL: databaseUrl,
    MONGO_URL: mongoUrl,
    NATS_PREFIX: stack.prefix,
    LOG_LEVEL: 'warn',
    PORT: String(STATS_PORT),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Each backfilled metric and when it was done (seconds after the service started).
const backfilled = async () =>
  new Map(
    (
      await pool
        .query<{ metric: string; done_at: Date }>('select metric, done_at from stats_backfill')
        .catch(() => ({ rows: [] as { metric: string; done_at: Date }[] }))
    ).rows.map((r) => [r.metric, (r.done_at.getTime() - started) / 1000]),
  );
// The groups source (every structure read whole) runs last: wait for the others, then at most
// --groups-wait seconds for it, and say so when the calls are measured before it ends.
const LAST_METRICS = ['groups'];
// The service's /rollups says which backfilled metrics are still to come.
const pending = async () =>
  (await fetch(`http://127.0.0.1:${STATS_PORT}/rollups`)
    .then((r) => r.json() as Promise<{ backfill: { pending: string[] } }>)
    .then((r) => r.backfill.pending)
    .catch(() => null)) ?? ['(not started)'];
while ((await pending()).some((m) => !LAST_METRICS.includes(m))) await new Promise((r) => setTimeout(r, 500));
const othersSeconds = (Date.now() - started) / 1000;
console.error(
  `stats: started and backfilled all but ${LAST_METRICS.join(', ')} in ${othersSeconds.toFixed(0)} s`,
);
const groupsDeadline = Date.now() + Number(args['groups-wait']) * 1000;
while ((await pending()).length > 0 && Date.now() < groupsDeadline)
  await new Promise((r) => setTimeout(r, 1000));
const doneAt = await backfilled();
const backfillNote = args['keep-rollups']
  ? 'rollups kept from an earlier run over this world (its backfill times are not this run’s)'
  : (await pending()).length === 0
    ? `stats started and backfilled in ${Math.max(...doneAt.values()).toFixed(0)} s`
    : `stats started and backfilled all but ${LAST_METRICS.join(', ')} in ${othersSeconds.toFixed(0)} s; ` +
      `${LAST_METRICS.join(', ')} still backfilling after ${((Date.now() - started) / 1000).toFixed(0)} s (measured meanwhile)`;
console.error(`stats: ${backfillNote}`);

const loadAtStart = (loadavg()[0] ?? 0).toFixed(1);
const http = await signInAdmin(stack);
const limit = { deadline: Number.POSITIVE_INFINITY };
const floors = statsFloors(pool, db, new Date(loaded.now), limit);
const results: {
  name: string;
  http: Awaited<ReturnType<typeof series>>;
  floor: Awaited<ReturnType<typeof series>>;
}[] = [];
for (const f of floors) {
  // Warm-up calls (not measured): the first call of each shape pays for query planning and caches.
  for (let i = 0; i < 3; i++) await http.call(f.http.method, f.http.path, f.http.body);
  const viaHttp = await series(RUNS, async (i) => {
    const res = await http.call(f.http.method, f.http.path, f.http.body);
    if (res.status !== 200 && i === 0)
      console.error(`  ${f.name}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
    return res.status === 200;
  });
  // No warm-up runs for the floors: at 100,000 customers some read hundreds of thousands of documents.
  let cut = false;
  const floor = await series(
    FLOOR_RUNS,
    async () => {
      limit.deadline = FLOOR_TIMEOUT_MS ? Date.now() + FLOOR_TIMEOUT_MS : Number.POSITIVE_INFINITY;
      // Raced with the deadline too: a Mongo floor whose first batch is still being read is left
      // to end in the background (it stops at its next document).
      const ok = await Promise.race([
        f.floor().then(
          (n) => n >= 0,
          () => false,
        ),
        ...(FLOOR_TIMEOUT_MS
          ? [new Promise<boolean>((r) => setTimeout(() => r(false), FLOOR_TIMEOUT_MS + 1000))]
          : []),
      ]);
      if (!ok && FLOOR_TIMEOUT_MS) cut = true;
      return ok;
    },
    0,
  );
  if (cut) Object.assign(floor, { p50: Number.NaN, p95: Number.NaN });
  results.push({ name: f.name, http: viaHttp, floor });
  console.error(`  ${f.name}: http p50 ${viaHttp.p50.toFixed(1)} ms, floor p50 ${floor.p50.toFixed(1)} ms`);
}

// The consumer under load: publish at the target rate for `seconds`, sample the lag each second.
const nc = await connect({ servers: env.NATS_URL, ...natsAuth() });
const subj = subjects(stack.prefix);
const rollups = async () =>
  (await (await fetch(`http://127.0.0.1:${STATS_PORT}/rollups`)).json()) as {
    lastSeq: number;
    streamLastSeq: number;
  };
const cursor = async () => (await rollups()).lastSeq;
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const payload = JSON.stringify({
  class: 'feature',
  operation: 'write',
  items: [{ itemId: 0, payload: { value: 1 }, success: true }],
});
const samples: { t: number; published: number; stored: number; counted: number }[] = [];
let published = 0;
const t0 = Date.now();
const sampler = setInterval(async () => {
  const r = await rollups();
  samples.push({ t: (Date.now() - t0) / 1000, published, stored: r.streamLastSeq, counted: r.lastSeq });
}, 1000);
while (Date.now() - t0 < seconds * 1000) {
  const due = Math.floor(((Date.now() - t0) / 1000) * rate);
  for (; published < due; published++) {
    nc.publish(
      subj.hubMsg(1000 + (published % 5000), published % 2 ? 'request' : 'response', 'feature', 'write'),
      payload,
    );
  }
  await nc.flush();
  await new Promise((r) => setTimeout(r, 5));
}
const publishSeconds = (Date.now() - t0) / 1000;
await new Promise((r) => setTimeout(r, 500));
const streamLast = (await rollups()).streamLastSeq;
while ((await cursor()) < streamLast && Date.now() - t0 < (seconds + 120) * 1000)
  await new Promise((r) => setTimeout(r, 200));
clearInterval(sampler);
const drained = (Date.now() - t0) / 1000;

const widths = [30, 18, 18, 8];
console.log(
  `\nStatistics at ${CUSTOMERS.toLocaleString('en')} customers (seed ${args.seed}); ${backfillNote}`,
);
console.log(
  `Backfill done (s after start): ${[...doneAt].map(([m, t]) => `${m} ${t.toFixed(0)}`).join(', ')}`,
);
console.log(
  `Load average: ${loadAtStart} at the calls' start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end (${cpus().length} cores)`,
);
console.log(`${RUNS} sequential HTTP calls per row (floors: ${FLOOR_RUNS}), ms`);
console.log(row(['call', 'HTTP p50    p95', 'floor p50   p95', 'failures'], widths));
for (const r of results)
  console.log(
    row(
      [
        r.name,
        `${ms(r.http.p50)} ${ms(r.http.p95)}`,
        Number.isNaN(r.floor.p50)
          ? `> ${(FLOOR_TIMEOUT_MS / 1000).toFixed(0)} s (cut)`
          : `${ms(r.floor.p50)} ${ms(r.floor.p95)}`,
        String(r.http.failures),
      ],
      widths,
    ),
  );
console.log(
  `\nRollup consumer: ${published.toLocaleString('en')} messages published in ${publishSeconds.toFixed(1)} s (target ${rate.toLocaleString('en')}/s); all counted after ${drained.toFixed(1)} s`,
);
console.log(row(['t (s)', 'published', 'in stream', 'counted', 'lag'], [8, 12, 12, 12, 10]));
for (const s of samples)
  console.log(
    row(
      [
        s.t.toFixed(0),
        String(s.published),
        String(s.stored),
        String(s.counted),
        String(s.stored - s.counted),
      ],
      [8, 12, 12, 12, 10],
    ),
  );

await nc.drain();
stats.kill('SIGTERM');
await stack.stop();
await mongo.close();
await pool.end();
