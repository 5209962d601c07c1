/**
 * Scale-out: one service driven at saturation with 1, 2 and 3 instances in the same run, over NATS
 * exactly as the gateway calls it (the queue group spreads the requests). Prints throughput, p50
 * and p99 per instance count, the CPU each instance and the load driver used, and the ratio to one
 * instance. Asserts nothing.
 *
 *   node tests/bench/scale-out.ts [--service search|supervisor] [--seconds 8] [--concurrency 48]
 *
 * search answers `findUserByMac` (Postgres) over a 300-customer world loaded into its own databases
 * (`scale_bench`); supervisor answers `hostsList` (Postgres) over 20 hosts. On a 2-core machine the
 * instances and the driver share the cores, so the ratio is bounded by them: the CPU column shows
 * what each request costs an instance, from which the ratio with a core per instance follows.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { subjects } from '@console/contracts';
import { asGateway, natsAuth } from '@console/kit';
import { uniqueName } from '@console/kit/testing';
import { loadWorld } from '@console/world';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { benchCaller, benchDatabases, spawnService } from './bench-kit.ts';

const { values: args } = parseArgs({
  options: {
    service: { type: 'string', default: 'search' },
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '48' },
  },
});
const SERVICE = args.service as 'search' | 'supervisor';
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const env = devInfraUp();
const name = 'scale_bench';
const { databaseUrl, mongoUrl } = await benchDatabases(env, name);
const prefix = uniqueName('scale');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const nc = await connect({ servers: env.NATS_URL, ...natsAuth() });

/** The requests the driver sends round-robin, per service. */
async function requests(): Promise<{ op: string; params: Record<string, string> }[]> {
  if (SERVICE === 'search') {
    const mongo = new MongoClient(mongoUrl);
    await mongo.connect();
    await loadWorld({ pool, db: mongo.db(), seed: 3, customers: 300, histories: false });
    await mongo.close();
    const { rows } = await pool.query<{ mac: string }>('select mac from wfls order by wfl_id limit 50');
    return rows.map((r) => ({ op: 'findUserByMac', params: { mac: r.mac } }));
  }
  // A host that is up and idle: one packet a second, none dropped.
  const quiet = { packetsBetween: 1, secondsBetween: 1, droppedBetween: 0, droppedTotal: 0 };
  for (let i = 0; i < 20; i++) {
    const beat = { _id: `bench-${i}`, name: `bench-${i}`, host: 'b', hostType: 'other', kind: 'command' };
    const at = new Date().toISOString();
    nc.publish(
      subjects(prefix).hostHeartbeat(beat._id),
      JSON.stringify({
        ...beat,
        supervisor: { name: 's', state: 'RUNNING', uptime: 1 },
        lastUpdate: at,
        stats: {
          lastHeartBeat: { createdDate: at, ...quiet },
          lastCmd: { time: at },
          lastRestart: [],
          perSecondAvgShifted: 1,
        },
      }),
    );
  }
  return [{ op: 'hostsList', params: {} }];
}

function startInstance(i: number): ChildProcess {
  return spawnService(SERVICE, {
    ...env,
    DATABASE_URL: databaseUrl,
    MONGO_URL: mongoUrl,
    NATS_PREFIX: prefix,
    INSTANCE_ID: `${SERVICE}-${i}`,
    PORT: '0',
    INDEX_ON_START: 'never',
  });
}

/** CPU seconds a process has used so far (user + system, from /proc). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function instancesUp(n: number) {
  for (let tries = 0; tries < 600; tries++) {
    let found = 0;
    // $SRV.PING.<name>: every instance of the service on the server answers with its metadata.
    try {
      const answers = await nc.requestMany(`$SRV.PING.${SERVICE}`, '', {
        strategy: 'stall',
        maxWait: 1000,
        stall: 200,
      });
      for await (const m of answers)
        if (m.json<{ metadata?: Record<string, string> }>().metadata?.prefix === prefix) found++;
    } catch {
      // no instance answers yet
    }
    if (found === n) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${n} ${SERVICE} instances did not come up`);
}

const caller = benchCaller();
const work = await requests();
const subject = (op: string) => subjects(prefix).api(SERVICE, op);

async function drive(seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const w = work[next++ % work.length] as (typeof work)[number];
      // Signed as the gateway signs what it forwards: the services answer nothing else.
      const body = JSON.stringify(
        asGateway(SERVICE, w.op, {
          requestId: randomUUID(),
          caller,
          ip: '127.0.0.1',
          params: w.params,
          query: {},
          body: null,
        }),
      );
      const t = performance.now();
      try {
        const ok = (await nc.request(subject(w.op), body, { timeout: 30_000 })).json<{ ok: boolean }>().ok;
        if (ok) latencies.push(performance.now() - t);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), failures };
}

const children: ChildProcess[] = [];
const rows: string[] = [];
const cpuPerInstance: number[] = [];
let base = 0;
try {
  for (const n of [1, 2, 3]) {
    while (children.length < n) children.push(startInstance(children.length + 1));
    await instancesUp(n);
    await drive(2); // warm-up: JIT, pools, plan caches
    const cpu0 = children.map((c) => cpuSeconds(c.pid));
    const self0 = process.cpuUsage();
    const r = await drive(SECONDS);
    const cores = children.map((c, i) => (cpuSeconds(c.pid) - (cpu0[i] ?? 0)) / SECONDS);
    const self = process.cpuUsage(self0);
    const driver = (self.user + self.system) / 1e6 / SECONDS;
    cpuPerInstance.push(...cores);
    if (n === 1) base = r.rps;
    const perRequestMs = (cores.reduce((a, b) => a + b, 0) / r.rps) * 1000;
    rows.push(
      `${String(n).padStart(9)} | ${r.rps.toFixed(0).padStart(7)} /s | ${(r.rps / base).toFixed(2).padStart(5)}x | ` +
        `${r.p50.toFixed(1).padStart(7)} ms | ${r.p99.toFixed(1).padStart(7)} ms | ${cores.map((c) => c.toFixed(2)).join(' + ')} cores ` +
        `(${perRequestMs.toFixed(2)} ms CPU/request) | driver ${driver.toFixed(2)} cores | ${r.failures} failed`,
    );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
}
const cpusOnMachine = (await import('node:os')).cpus().length;
console.log(
  `\nscale-out: ${SERVICE}, ${CONCURRENCY} requests in flight, ${SECONDS} s per step, ${cpusOnMachine} cores on this machine`,
);
console.log('instances | throughput | ratio |     p50    |     p99    | CPU per instance');
for (const r of rows) console.log(r);
const busiest = Math.max(...cpuPerInstance);
const load = (await import('node:os')).loadavg()[0] ?? 0;
console.log(`load average ${load.toFixed(1)} on ${cpusOnMachine} cores during the run`);
console.log(
  busiest > 0.8
    ? 'Each instance was bound by its CPU: with a core each (and the driver on its own) the ratio follows the instance count.'
    : `No instance used more than ${busiest.toFixed(2)} of a core: the instances were waiting (on their store's pool, or for a\n` +
        'core held by other work on this machine), not computing. With a core each, what one request costs an instance (the\n' +
        'CPU per request above) bounds an instance at 1000 / (ms CPU per request) requests a second.',
);
await nc.drain();
await pool.end();
process.exit(0);
