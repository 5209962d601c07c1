import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { HUB_CLIENT_HEADERS, hubRequest, type SimHub, subjects } from '@console/contracts';
import { asGateway, natsAuth } from '@console/kit';
import { syntheticFleet } from '@console/simulator/fleet';
import { headers } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin } from '../support/people.ts';
import {
  cpuSeconds,
  gatewayPoster,
  loadAverage,
  privateMongoStore,
  SHARED,
  sharedCpuSeconds,
  startFleetStack,
  stopFleetStack,
} from './bench-kit.ts';

const _root = resolve(import.meta.dirname, '../..');
const REQUESTS = Number(process.argv[2] ?? 3000);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const HUBS = 1000;

const infra = devInfraUp;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `total` calls with at most `concurrency` in flight; returns each call's latency in ms and the wall time. */
async function load(total: number, concurrency: number, call: (i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        if (!(await call(i))) failures++;
        latencies.push(performance.now() - s);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: total / wall,
    failures,
  };
}

const env = infra();
// hub-control's Mongo writes go to a store of the bench's own, so their CPU can be told from other
// work on the machine's shared FerretDB (BENCH_MONGO_URL names another store instead).
const store = process.env.BENCH_MONGO_URL ? null : await privateMongoStore(env);
console.error('starting auth, simulator, hub-control and gateway…');
const { stack, mongoUrl } = await startFleetStack(env, {
  hubs: HUBS,
  seed: 11,
  mongoBase: process.env.BENCH_MONGO_URL ?? store?.mongoBase,
});
const nc = await connect({ servers: env.NATS_URL.split(','), name: 'bench-roundtrip', ...natsAuth() });
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
try {
  const fleet: SimHub[] = syntheticFleet({ hubs: HUBS, wfls: 0, hosts: 0, seed: 11 }).hubs;
  const admin = await signInAdmin(stack);
  const me = await admin.call('GET', '/api/users/me');
  const caller = {
    userId: me.json.id,
    email: me.json.email,
    name: me.json.name,
    roles: me.json.roles,
    sessionId: 'bench',
  };
  console.error('signed in; waiting for presence…');
  // Presence refreshes every 2 s: after 3 s hub-control knows every hub.
  await new Promise((r) => setTimeout(r, 3000));
  const hubOf = (i: number) => (fleet[i % fleet.length] as SimHub).hubId;
  const subj = subjects(stack.prefix);

  // The HTTP leg from a lean client (bench-kit's gatewayPoster: node:http, kept alive, the admin's
  // session cookie); BENCH_HTTP_CLIENT=fetch goes back to fetch, for comparison with the figures
  // before 2026-11-26.
  const post = gatewayPoster(stack.url, admin.sessionCookie, agent);
  const viaGateway =
    process.env.BENCH_HTTP_CLIENT === 'fetch'
      ? (i: number) =>
          admin
            .call('POST', '/api/supportPlus/socket/system-read', { linkId: hubOf(i) })
            .then((r) => r.status === 200)
      : (i: number) =>
          post('/api/supportPlus/socket/system-read', { linkId: hubOf(i) }).then((s) => s === 200);
  const viaHubControl = async (i: number) => {
    const req = {
      requestId: randomUUID(),
      caller,
      ip: '127.0.0.1',
      params: {},
      query: {},
      body: { linkId: hubOf(i) },
    };
    const signed = asGateway('hub-control', 'systemRead', req);
    const m = await nc.request(subj.api('hub-control', 'systemRead'), JSON.stringify(signed), {
      timeout: 10_000,
    });
    return m.json<{ ok: boolean }>().ok;
  };
  const h = headers();
  h.set(HUB_CLIENT_HEADERS.type, 'admin');
  const bare = async (i: number) => {
    const m = await nc.request(
      subj.hubCmd(hubOf(i)),
      JSON.stringify(hubRequest('systemRead', 'bench', [{}])),
      { timeout: 10_000, headers: h },
    );
    return m.data.length > 0;
  };

  const loadBefore = loadAverage().join(' / ');
  console.error('warming up…');
  // Warm-up of every path (JIT, connection pools), then the measured runs.
  for (const f of [viaGateway, viaHubControl, bare]) await load(200, CONCURRENCY, f);
  // CPU per request of each process taking part; the shared broker and stores (every nats-server,
  // Redis, FerretDB and Postgres process on the machine) apart, since other work uses them too.
  const procs = {
    gateway: stack.pids.gateway,
    'hub-control': stack.pids['hub-control'],
    simulator: stack.pids.simulator,
  };
  const cpuNow = (): Record<string, number> => ({
    ...Object.fromEntries(Object.entries(procs).map(([k, pid]) => [k, cpuSeconds(pid ?? 0)])),
    bench: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage()),
    ...sharedCpuSeconds(),
  });
  const cpuWithStore = async (): Promise<Record<string, number>> => ({
    ...cpuNow(),
    ...(store ? { 'own store': await store.cpuSeconds() } : {}),
  });
  const measured = async (call: (i: number) => Promise<boolean>) => {
    const before = await cpuWithStore();
    const r = await load(REQUESTS, CONCURRENCY, call);
    const after = await cpuWithStore();
    // A shared part is summed over its processes seen at both readings (Postgres's come and go).
    const cpuMs: Record<string, number> = {};
    for (const [key, value] of Object.entries(after)) {
      if (!(key in before)) continue;
      const part = key.split('#')[0] as string;
      cpuMs[part] = (cpuMs[part] ?? 0) + ((value - (before[key] as number)) * 1000) / REQUESTS;
    }
    return { ...r, cpuMs };
  };
  const rows = [
    ['HTTP → gateway → hub-control → hub', await measured(viaGateway)],
    ['NATS → hub-control → hub (no gateway)', await measured(viaHubControl)],
    ['bare NATS request/reply → hub (floor)', await measured(bare)],
  ] as const;
  const floor = rows[2][1];
  const load1 = loadAverage().join(' / ');
  console.log(
    `\ncommand round trip: system read, ${REQUESTS} requests, ${CONCURRENCY} in flight, ${HUBS} simulated hubs`,
  );
  console.log(
    `HTTP client: ${process.env.BENCH_HTTP_CLIENT === 'fetch' ? 'fetch (undici)' : 'node:http, kept alive'}`,
  );
  console.log(
    `load average before ${loadBefore}, after ${load1} (1 / 5 / 15 min) on ${cpus().length} cores\n`,
  );
  console.log(
    'path                                     p50 ms   p99 ms   req/s   failures   req/s × floor   p50 − floor ms',
  );
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(40)} ${r.p50.toFixed(2).padStart(6)}   ${r.p99.toFixed(2).padStart(6)}   ${r.perSecond.toFixed(0).padStart(5)}   ${String(r.failures).padStart(8)}   ${(r.perSecond / floor.perSecond).toFixed(2).padStart(13)}   ${(r.p50 - floor.p50).toFixed(2).padStart(14)}`,
    );
  }
  // With a store of its own, the machine's FerretDB and Postgres are other work: left out.
  const shared = store
    ? ['own store', ...Object.keys(SHARED).filter((k) => k !== 'ferretdb' && k !== 'postgres')]
    : Object.keys(SHARED);
  console.log(
    `\nCPU ms per request     gateway   hub-control   simulator   bench client   ${shared.map((k) => k.padStart(11)).join(' ')}   all`,
  );
  for (const [name, r] of rows) {
    const c = r.cpuMs;
    const f = (k: string, w = 7) => (c[k] ?? Number.NaN).toFixed(2).padStart(w);
    const all = ['gateway', 'hub-control', 'simulator', 'bench', ...shared].reduce(
      (a, k) => a + (c[k] ?? 0),
      0,
    );
    console.log(
      `${name.slice(0, 20).padEnd(20)}  ${f('gateway')}   ${f('hub-control')}     ${f('simulator')}   ${f('bench')}        ${shared.map((k) => f(k, 11)).join(' ')}   ${all.toFixed(2)}`,
    );
  }
  console.log(
    store
      ? "(own store: the bench's FerretDB and its Postgres backends; nats-server and redis take in all other work on the machine that uses them)"
      : '(the shared columns take in all other work on the machine that uses the same broker and stores)',
  );
  console.log(
    `\nHTTP / bare NATS throughput: ${(rows[0][1].perSecond / floor.perSecond).toFixed(2)}× (issue 31: ≥ 0.5× with the HTTP p99 ≤ 250 ms)`,
  );
  console.log(
    '\nEach gateway and hub-control request also keeps a write-ahead record in Redis, publishes the',
  );
  console.log(
    "action's end to the AUDIT stream (synced) and updates the hub card in Redis; the transaction and",
  );
  console.log(
    "note reach Mongo through hub-control's audit writer, off the request path. The floor does none of that.",
  );
} finally {
  await nc.drain();
  agent.destroy();
  await stopFleetStack({ stack, mongoUrl });
  await store?.stop();
}
