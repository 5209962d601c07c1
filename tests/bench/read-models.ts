/**
 * The screens of issue 28 over a loaded world: each call (over NATS, as the gateway sends it) now
 * answered from the stats service's read models, beside the store reads the same calls made before
 * (the peer: timed against the same databases in the same run, each cut at --peer-timeout seconds
 * by maxTimeMS / statement_timeout so nothing runs on). Also the read models' first build (one
 * streaming pass per collection), and that pass's read beside the paged `_id > last` read it
 * replaced. Prints figures; asserts nothing.
 *
 *   node tests/bench/read-models.ts --db w28_2k [--runs 5] [--peer-timeout 30]
 *
 * `--db` names a Postgres and a Mongo database holding a world (services/world/src/cli.ts load);
 * the read model tables are rebuilt in it at each run.
 */
import { parseArgs } from 'node:util';
import { COLLECTIONS } from '@console/contracts';
import { ensureStreams, natsAuth, natsEnvFor, removeStreams } from '@console/kit';
import { operationClient, uniqueName } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import { type Document, MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { benchCaller, databaseAt, spawnService } from './bench-kit.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'w28_2k' },
    runs: { type: 'string', default: '5' },
    'peer-timeout': { type: 'string', default: '30' },
  },
});
const RUNS = Number(args.runs);
const PEER_MS = Number(args['peer-timeout']) * 1000;
const env = devInfraUp();
const databaseUrl = databaseAt(env.DATABASE_URL, String(args.db));
const mongoUrl = databaseAt(env.MONGO_URL, String(args.db));
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 2,
  options: `-c statement_timeout=${PEER_MS}`,
});
const mongo = new MongoClient(mongoUrl);
await mongo.connect();
const db = mongo.db();
const maxTimeMS = PEER_MS;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
async function time(fn: () => Promise<unknown>): Promise<number | string> {
  const t = performance.now();
  try {
    await fn();
    return Math.round(performance.now() - t);
  } catch (err) {
    const e = err as { codeName?: string; code?: string; message?: string };
    if (e.codeName === 'MaxTimeMSExpired' || e.code === '57014') return `> ${PEER_MS / 1000} s`;
    return `error: ${e.message ?? String(err)}`.slice(0, 60);
  }
}

// ---- the read models' first build ----
await pool.query(
  'drop table if exists rm_cursor, rm_store_cursor, rm_structures, rm_features, rm_products, rm_users, rm_agents, rm_hubs',
);
// Every read model migration runs again (005, 005b, 005c, 005d…: the tables and their later columns).
await pool.query("delete from stats_migrations where name like '005%'").catch(() => undefined);
const prefix = uniqueName('bench-rm');
const nc = await connect({ servers: env.NATS_URL.split(','), name: 'bench-read-models', ...natsAuth() });
await ensureStreams(nc, prefix);
const started = Date.now();
const stats = spawnService('stats', {
  ...env,
  ...natsEnvFor('stats'),
  DATABASE_URL: databaseUrl,
  MONGO_URL: mongoUrl,
  NATS_PREFIX: prefix,
  BACKFILL: 'off',
  LOG_LEVEL: 'error',
});
// The structures are the last model built (READ_MODELS' order).
for (;;) {
  const r = await pool
    .query<{ model: string; built_at: Date | null; written: string }>(
      'select * from rm_cursor order by built_at',
    )
    .catch(() => ({ rows: [] }));
  if (r.rows.some((x) => x.model === 'structures' && x.built_at)) {
    for (const m of r.rows)
      console.log(
        `build ${m.model.padEnd(11)} ${Number(m.written).toLocaleString('en').padStart(9)} documents, done ${((m.built_at?.getTime() ?? 0) - started) / 1000} s after the start`,
      );
    break;
  }
  await new Promise((res) => setTimeout(res, 1000));
}

// ---- the build's read beside the paged read it replaced ----
// One pass: a single cursor, no filter, no sort, batches of 1,000 (what the build reads). Its peer:
// pages of `_id > last` + sort + limit 1,000, which FerretDB answers by decoding the whole
// collection for each page (quadratic in the collection); cut at --peer-timeout in all.
for (const name of [COLLECTIONS.products, COLLECTIONS.structures]) {
  const t0 = performance.now();
  let n = 0;
  for await (const _ of db.collection(name).find({}, { batchSize: 1000, maxTimeMS })) n++;
  const pass = Math.round(performance.now() - t0);
  const t1 = performance.now();
  let pages = 0;
  let paged = 0;
  let last: unknown = null;
  let cut = false;
  for (;;) {
    const left = PEER_MS - (performance.now() - t1);
    if (left <= 0) {
      cut = true;
      break;
    }
    const page = await db
      .collection(name)
      .find((last ? { _id: { $gt: last } } : {}) as Document, { maxTimeMS: Math.ceil(left) })
      .sort({ _id: 1 })
      .limit(1000)
      .toArray()
      .catch(() => null);
    if (!page) {
      cut = true;
      break;
    }
    pages++;
    paged += page.length;
    if (page.length < 1000) break;
    last = page.at(-1)?._id;
  }
  const pagedMs = Math.round(performance.now() - t1);
  console.log(
    `read ${name.padEnd(11)} ${n.toLocaleString('en').padStart(9)} documents: one pass ${pass} ms; paged by _id ${cut ? `> ${PEER_MS / 1000} s (${paged.toLocaleString('en')} documents in ${pages} pages)` : `${pagedMs} ms (${pages} pages)`}`,
  );
}

// ---- the calls, and the reads they made before ----
const call = operationClient(nc, prefix, { timeoutMs: 60_000 });
const caller = benchCaller();
const col = (name: string) => db.collection(name);
const structuresScan = () =>
  col(COLLECTIONS.structures)
    .find({}, { projection: { rootGroupId: 1, name: 1, createdDate: 1, userRootAccess: 1 }, maxTimeMS })
    .toArray();
const cases: { screen: string; op: string; req?: Record<string, unknown>; before: () => Promise<unknown> }[] =
  [
    {
      screen: '/supportPlus (stats/hubs)',
      op: 'stats.hubSummary',
      before: () =>
        Promise.all([
          col(COLLECTIONS.hubs).countDocuments({}, { maxTimeMS }),
          col(COLLECTIONS.hubs)
            .aggregate([{ $group: { _id: '$firmwareVersion', n: { $sum: 1 } } }], { maxTimeMS })
            .toArray(),
          col(COLLECTIONS.hubs).find({}, { maxTimeMS }).sort({ configNumber: -1 }).limit(9).toArray(),
        ]),
    },
    {
      screen: '/linkplus-structures (top)',
      op: 'stats.topStructures',
      before: () =>
        col(COLLECTIONS.products)
          .aggregate(
            [{ $group: { _id: '$rootGroupId', n: { $sum: 1 } } }, { $sort: { n: -1 } }, { $limit: 30 }],
            { maxTimeMS },
          )
          .toArray(),
    },
    { screen: '/linkplus-structures-recent', op: 'stats.structuresRecent', before: structuresScan },
    {
      screen: '/linkplus-product-structures-recent',
      op: 'stats.productStructuresRecent',
      before: structuresScan,
    },
    {
      screen: '/new-user-gen2 (users)',
      op: 'stats.recentUsers',
      before: () =>
        col(COLLECTIONS.users)
          .find(
            { createdDate: { $gte: new Date(0) } },
            { projection: { userId: 1, createdDate: 1 }, maxTimeMS },
          )
          .sort({ createdDate: -1 })
          .limit(1)
          .toArray(),
    },
    {
      screen: '/integration-stats',
      op: 'stats.usersPercentWithVoice',
      before: () =>
        Promise.all([
          col(COLLECTIONS.users).countDocuments({}, { maxTimeMS }),
          col(COLLECTIONS.agents).find({}, { maxTimeMS }).sort({ createdDate: -1 }).limit(1500).toArray(),
        ]),
    },
    {
      screen: '/api-users',
      op: 'stats.usersWithApi',
      before: () => pool.query('select created, email, role from users order by created'),
    },
    {
      screen: '/linkplus-data Get Feature Types (L21)',
      op: 'stats.featureTypes',
      req: { body: { productCodes: ['L21'], project: 'linkplus' } },
      before: async () => {
        const roots = await col(COLLECTIONS.products)
          .find({ productCode: { $in: ['L21'] } }, { projection: { rootGroupId: 1 }, maxTimeMS })
          .toArray();
        const ids = [...new Set(roots.map((p) => p.rootGroupId))];
        for (let i = 0; i < ids.length; i += 500)
          await col(COLLECTIONS.structures)
            .find({ rootGroupId: { $in: ids.slice(i, i + 500) } }, { projection: { features: 1 }, maxTimeMS })
            .toArray();
      },
    },
  ];
console.log(
  `\n${'screen'.padEnd(40)} ${'now p50'.padStart(9)} ${'max'.padStart(7)} ${'bytes'.padStart(9)}   before (the store reads the call made)`,
);
for (const c of cases) {
  const ts: number[] = [];
  let bytes = 0;
  let status = 'ok';
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = await call(c.op, { caller, ...c.req });
    ts.push(performance.now() - t);
    bytes = Buffer.byteLength(JSON.stringify(r));
    if (!r.ok) status = `${r.error.statusCode} ${r.error.message}`.slice(0, 40);
  }
  const before = await time(c.before);
  console.log(
    `${c.screen.padEnd(40)} ${`${Math.round(median(ts))} ms`.padStart(9)} ${`${Math.round(Math.max(...ts))}`.padStart(7)} ${bytes.toLocaleString('en').padStart(9)}   ${typeof before === 'number' ? `${before} ms` : before}${status === 'ok' ? '' : `  [${status}]`}`,
  );
}
await removeStreams(nc, prefix);
await nc.drain();
stats.kill('SIGTERM');
await mongo.close();
await pool.end();
