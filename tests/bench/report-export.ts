/**
 * A report export of 1,000,000 customers (issue 13: "completes with the worker's memory flat").
 *
 * `node tests/bench/report-export.ts [--customers 1000000]`: half the customers are Gen1 users in
 * Postgres and half Link Plus users in the Mongo-compatible server, made by this bench (SQL
 * `generate_series` and batched inserts: the world generator would take over an hour at this size
 * and the report reads only the users), kept in `bench_reports` between runs. It starts auth, stats
 * and the gateway, signs in, starts the All e-mails export (Link and Link Plus) through the API,
 * samples the stats process's resident memory and heap from its /metrics every 500 ms while the
 * job runs, and waits for the e-mail with the CSV in the captured mailbox.
 *
 * The floor, in the same run: the same rows read straight from both databases by this process
 * (a Postgres cursor and a Mongo cursor, same page size, nothing written): what reading alone costs.
 */
import { cpus } from 'node:os';
import { COLLECTIONS, type ReportJob, type ReportProgress } from '@console/contracts';
import { mailAttachment, waitForMail } from '@console/kit/testing';
import { migrateWorld } from '@console/world';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin } from '../support/people.ts';
import { startStack } from '../support/stack.ts';
import { benchDatabases, loadAverage } from './bench-kit.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CUSTOMERS = arg('customers', 1_000_000);
const PAGE = arg('page', 2000);
const gen1 = Math.floor(CUSTOMERS / 2);
const gen2 = CUSTOMERS - gen1;

const env = devInfraUp();
const { databaseUrl, mongoUrl } = await benchDatabases(env, 'bench_reports');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const mongo = new MongoClient(mongoUrl);
await mongo.connect();
const db = mongo.db();
const mb = (b: number) => (b / 1048576).toFixed(0);

// ---- the customers (made once, reused) ----
await migrateWorld(pool);
const have1 = Number((await pool.query('select count(*) as n from users')).rows[0].n);
if (have1 !== gen1) {
  console.error(`making ${gen1.toLocaleString('en-GB')} Gen1 users…`);
  await pool.query('truncate users cascade');
  await pool.query(
    `insert into users (user_id, email, username, name, created, updated)
     select g, 'gen1-' || g || '@customers.test', 'gen1-' || g, 'Customer ' || g, 1500000000 + g, 1500000000 + g
       from generate_series(1, $1::int) g`,
    [gen1],
  );
}
const users = db.collection(COLLECTIONS.users);
const have2 = await users.countDocuments({});
if (have2 !== gen2) {
  console.error(`making ${gen2.toLocaleString('en-GB')} Link Plus users…`);
  await users.deleteMany({});
  const t0 = Date.now();
  for (let start = 0; start < gen2; start += 5000) {
    const docs = Array.from({ length: Math.min(5000, gen2 - start) }, (_, i) => {
      const n = start + i + 1;
      return { userId: `u${n}`, email: `gen2-${n}@customers.test`, createdDate: new Date(1.5e12 + n * 1000) };
    });
    await users.insertMany(docs, { ordered: false });
    if (start % 100_000 === 0)
      console.error(`  ${start.toLocaleString('en-GB')} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await users.createIndex({ userId: 1 }, { unique: true });
}

// ---- the floor: the same rows read by this process, nothing written ----
async function floor(): Promise<{ rows: number; seconds: number }> {
  const t0 = performance.now();
  let rows = 0;
  const client = await pool.connect();
  try {
    await client.query('begin read only');
    await client.query(
      'declare f no scroll cursor for select user_id, email, name, created from users order by user_id',
    );
    for (;;) {
      const r = await client.query(`fetch ${PAGE} from f`);
      rows += r.rows.length;
      if (r.rows.length < PAGE) break;
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  const cursor = users.find(
    {},
    { projection: { _id: 1, userId: 1, email: 1, createdDate: 1 }, batchSize: PAGE },
  );
  for await (const _ of cursor) rows++;
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

// ---- the export through the console ----
// Each run's stack bootstraps its own admin, which auth only does while no staff user exists.
await pool.query('delete from staff_users').catch(() => undefined);
const stack = await startStack(env, ['auth', 'stats', 'gateway'], {
  DATABASE_URL: databaseUrl,
  MONGO_URL: mongoUrl,
  BACKFILL: 'off',
  REPORT_PAGE_ROWS: String(PAGE),
});
try {
  const admin = await signInAdmin(stack);
  const metrics = async () => {
    const text = await (await fetch(`http://127.0.0.1:${stack.ports.stats}/metrics`)).text();
    const read = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_size_used_bytes') };
  };
  const loadBefore = loadAverage().join(' / ');
  const floorRun = await floor();
  const idle = await metrics();
  const since = Date.now();
  const t0 = performance.now();
  const started = await admin.call('POST', '/api/reports/allemails/exportCSV', {
    email: stack.admin.email,
    link1: true,
    linkPlus: true,
  });
  if (started.status !== 200)
    throw new Error(`export refused: ${started.status} ${JSON.stringify(started.json)}`);
  const jobId = (started.json as ReportJob).jobId;
  const samples: { at: number; done: number; rss: number; heap: number }[] = [];
  let job: ReportJob | null = null;
  for (;;) {
    const p = (await admin.call('GET', '/api/reports/allemails/inProgress')).json as ReportProgress;
    const m = await metrics();
    samples.push({ at: (performance.now() - t0) / 1000, done: p.job?.rowsDone ?? 0, ...m });
    if (p.job?.jobId === jobId && (p.job.status === 'done' || p.job.status === 'failed')) {
      job = p.job;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const seconds = (performance.now() - t0) / 1000;
  if (job.status !== 'done') throw new Error(`the export failed: ${job.error}`);
  const mail = await waitForMail(stack.infra.MAILBOX_URL, stack.admin.email, /^Report: All e-mails/, {
    since,
    timeoutMs: 120_000,
  });
  const part = mail.Attachments[0];
  const attachment = part
    ? await mailAttachment(stack.infra.MAILBOX_URL, mail, part.PartID)
    : Buffer.alloc(0);
  const loadAfter = loadAverage().join(' / ');

  const peakRss = Math.max(...samples.map((s) => s.rss));
  const peakHeap = Math.max(...samples.map((s) => s.heap));
  console.log(
    `\nreport export: All e-mails (Link and Link Plus), ${CUSTOMERS.toLocaleString('en-GB')} customers, ${PAGE} rows a page`,
  );
  console.log(`services' Node flags: ${process.env.STACK_NODE_ARGS || '(none)'}`);
  console.log(
    `load average before ${loadBefore}, after ${loadAfter} (1 / 5 / 15 min) on ${cpus().length} cores\n`,
  );
  console.log('path                                          rows      seconds   rows/s');
  console.log(
    `export job (CSV to file, e-mailed, progress)  ${String(job.rowsDone).padStart(9)}  ${seconds.toFixed(1).padStart(7)}  ${(job.rowsDone / seconds).toFixed(0).padStart(7)}`,
  );
  console.log(
    `floor: the same rows read, nothing written    ${String(floorRun.rows).padStart(9)}  ${floorRun.seconds.toFixed(1).padStart(7)}  ${(floorRun.rows / floorRun.seconds).toFixed(0).padStart(7)}`,
  );
  console.log(`\nattachment ${part?.FileName} ${mb(attachment.length)} MB`);
  console.log(
    `stats process: RSS idle ${mb(idle.rss)} MB, peak during the job ${mb(peakRss)} MB; heap idle ${mb(idle.heap)} MB, peak ${mb(peakHeap)} MB`,
  );
  console.log('\nRSS and heap as the rows went by (MB):');
  for (const q of [0.1, 0.25, 0.5, 0.75, 0.9]) {
    const s = samples.find((x) => x.done >= q * job.rowsDone);
    if (s)
      console.log(
        `  ${(q * 100).toFixed(0).padStart(3)} % (${s.done.toLocaleString('en-GB')} rows, ${s.at.toFixed(0)} s): RSS ${mb(s.rss)}, heap ${mb(s.heap)}`,
      );
  }
} finally {
  await stack.stop();
  await mongo.close();
  await pool.end();
}
