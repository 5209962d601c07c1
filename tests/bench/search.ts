import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { OPERATIONS, operationName, subjects } from '@console/contracts';
import { asGateway, natsAuth } from '@console/kit';
import { explainFloor, pickSamples, prepareSearch, runFloor, searchKinds } from '@console/search';
import { loadWorld } from '@console/world';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin } from '../support/people.ts';
import { startStack } from '../support/stack.ts';
import { benchCaller, benchDatabases, spawnService } from './bench-kit.ts';
import { ms, row, type Series, series } from './search-measure.ts';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '100' },
    samples: { type: 'string', default: '25' },
    reindex: { type: 'boolean', default: false },
  },
});
const CUSTOMERS = Number(args.customers);
const RUNS = Number(args.runs);

const infra = devInfraUp;

const env = infra();
const name = `search_bench_${CUSTOMERS}`;
const { databaseUrl, mongoUrl } = await benchDatabases(env, name);
const ferret = process.env.FERRETDB_POSTGRESQL_URL ?? '';

// The floor runs with the services' session settings (the kit's pools turn JIT off).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c jit=off' });
const mongo = new MongoClient(mongoUrl);
await mongo.connect();
const db = mongo.db();

console.error(
  `world: ${CUSTOMERS.toLocaleString('en')} customers of seed ${args.seed} in ${name} (loaded now unless already there)…`,
);
const loaded = await loadWorld({
  pool,
  db,
  seed: Number(args.seed),
  customers: CUSTOMERS,
  histories: false,
  onProgress: (p) =>
    p.customers % 50_000 === 0 &&
    console.error(`  ${p.customers.toLocaleString('en')} customers, ${p.seconds.toFixed(0)} s`),
});
console.error(loaded.skipped ? 'world: reused' : `world: loaded in ${loaded.seconds.toFixed(0)} s`);
const prepared = await prepareSearch({
  databaseUrl,
  mongoUrl,
  ferretdbPostgresqlUrl: ferret,
  index: args.reindex ? 'always' : 'ifMissing',
  exclusive: true,
  log: (m) => console.error(m),
});
console.error(
  `search index: ${prepared.index === 'kept' ? 'kept from an earlier run' : `built in ${prepared.index.seconds.toFixed(0)} s`}`,
);

console.error('starting auth and gateway, then search on the benchmark world…');
// Auth keeps its own fresh database (its first admin is made only in an empty one); search runs
// beside it on the benchmark's databases, on the stack's NATS prefix.
const stack = await startStack(env, ['auth', 'gateway']);
const search = spawnService('search', {
  ...env,
  DATABASE_URL: databaseUrl,
  MONGO_URL: mongoUrl,
  NATS_PREFIX: stack.prefix,
  INDEX_ON_START: 'never',
  INDEX_FOLLOW_AUDIT: 'false',
  ...(ferret ? { FERRETDB_POSTGRESQL_URL: ferret } : {}),
});
const http = await signInAdmin(stack);
const me = await http.call('GET', '/api/users/me');
if (me.status !== 200)
  throw new Error(`could not sign in to the gateway: ${me.status} ${JSON.stringify(me.json)}`);
for (let tries = 0; (await http.call('GET', '/api/supportPlus')).status === 503; tries++) {
  if (tries > 240) throw new Error('the search service did not come up');
  await new Promise((r) => setTimeout(r, 250));
}
const nc = await connect({ servers: env.NATS_URL, ...natsAuth() });
const subj = subjects(stack.prefix);
const caller = benchCaller();

const samples = await pickSamples(pool, db, Number(args.samples));
const kinds = searchKinds(samples[0] as (typeof samples)[number]);
const byName = (i: number, k: number) =>
  searchKinds(samples[i % samples.length] as (typeof samples)[number])[k] as (typeof kinds)[number];

const results: { name: string; http: Series; nats: Series; floor: Series }[] = [];
for (const [k, kind] of kinds.entries()) {
  const op = OPERATIONS.find((o) => o.id === kind.api.op);
  if (!op) throw new Error(`unknown operation ${kind.api.op}`);
  const viaHttp = await series(RUNS, async (i) => {
    const { api } = byName(i, k);
    const path = op.path.replace(/:([A-Za-z]+)/g, (_, p: string) =>
      encodeURIComponent(api.params?.[p] ?? ''),
    );
    const query = api.query ? `?${new URLSearchParams(api.query as Record<string, string>)}` : '';
    const res = await http.call(op.method, `${path}${query}`, api.body);
    if (res.status !== 200 && i === 0)
      console.error(`  ${kind.name}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
    return res.status === 200;
  });
  const viaNats = await series(RUNS, async (i) => {
    const { api } = byName(i, k);
    const request = {
      requestId: randomUUID(),
      caller,
      ip: '127.0.0.1',
      params: api.params ?? {},
      query: api.query ?? {},
      body: api.body ?? null,
    };
    const signed = asGateway('search', operationName(op), request);
    const msg = await nc.request(subj.api('search', operationName(op)), JSON.stringify(signed), {
      timeout: 30_000,
    });
    return (msg.json() as { ok: boolean }).ok;
  });
  const floor = await series(RUNS, async (i) => (await runFloor(pool, db, byName(i, k).floor)) >= 0);
  results.push({ name: kind.name, http: viaHttp, nats: viaNats, floor });
  console.error(`  ${kind.name}: http p50 ${viaHttp.p50.toFixed(1)} ms`);
}

const widths = [30, 16, 16, 16, 8];
console.log(
  `\nSearch at ${CUSTOMERS.toLocaleString('en')} customers (seed ${args.seed}), ${RUNS} sequential calls per kind over ${samples.length} sampled customers, ms`,
);
console.log(
  `Mongo-compatible server: ${prepared.accelerator === 'not FerretDB' ? 'MongoDB' : `FerretDB (accelerator indexes: ${Array.isArray(prepared.accelerator) ? 'present' : prepared.accelerator})`}`,
);
console.log(row(['kind', 'HTTP p50   p95', 'NATS p50   p95', 'floor p50  p95', 'failures'], widths));
for (const r of results) {
  const cell = (s: Series) => `${ms(s.p50)} ${ms(s.p95)}`;
  console.log(
    row(
      [r.name, cell(r.http), cell(r.nats), cell(r.floor), String(r.http.failures + r.nats.failures)],
      widths,
    ),
  );
}

console.log('\nQuery plans of the floors (first sample):');
for (const kind of kinds) {
  const plan = await explainFloor(pool, db, kind.floor);
  console.log(
    `\n## ${kind.name} — ${kind.index.test(plan.join('\n')) ? 'index used' : `EXPECTED ${kind.index}`}\n  ${plan.join('\n  ')}`,
  );
}

await nc.drain();
search.kill('SIGTERM');
await stack.stop();
await mongo.close();
await pool.end();
