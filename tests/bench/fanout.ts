/**
 * Fan-out: events delivered per second to about 1,000 websocket clients over 100 hub topics, at
 * increasing publish rates, with p50/p99 end-to-end latency (publish time stamped in the payload)
 * and loss, for the console's fan-out service (services/fanout: JetStream → /ws) beside two others fed the same subjects by
 * the same publisher, with the same clients, in one run: the floor of nats-server's own websocket
 * listener, and the Centrifuge peer (`infra/centrifuge-peer`: the engine library of Centrifugo,
 * bridging core NATS into its channels the way Centrifugo's NATS broker does in raw mode).
 * Also CPU and memory of each server process: idle (started, no client), with the clients connected
 * and subscribed (no event yet), and the most under load, with the part of it that is mapped files
 * (the executable's pages) and, for the fan-out, its V8 heap and external memory at that peak; and
 * the load average before and after.
 * Each target gets its own nats-server, so other work
 * on the dev NATS does not colour the figures. Centrifugo v6 itself is the intended peer; the
 * printed note says why the library stands in for it. Asserts nothing.
 *
 *   node tests/bench/fanout.ts [clients=1000] [topics=100] [seconds=5] [client-threads=2]
 *   (FANOUT_RATES=8000,16000 for some steps only; FANOUT_ONLY=fanout for one target;
 *   FANOUT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the fan-out.)
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { now } from './fanout-clients.ts';
import {
  children,
  infra,
  nodeMemory,
  startCentrifugePeer,
  startFanout,
  startNats,
  stop,
  usage,
  waitFor,
} from './fanout-servers.ts';
import type { WorkerReport, WorkerSetup } from './fanout-worker.ts';

const CLIENTS = Number(process.argv[2] ?? 1000);
const TOPICS = Number(process.argv[3] ?? 100);
const SECONDS = Number(process.argv[4] ?? 5);
const WORKERS = Number(process.argv[5] ?? 2);
// Published per second, all hubs (FANOUT_RATES=16000,32000 to run only some steps).
const RATES = (process.env.FANOUT_RATES ?? '250,500,1000,2000,4000,8000,16000,32000').split(',').map(Number);
// FANOUT_ONLY=fanout runs one target (e.g. while profiling it with FANOUT_NODE_ARGS=--cpu-prof).
const ONLY = new Set((process.env.FANOUT_ONLY ?? 'nats-ws,fanout,centrifuge').split(','));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const workerUrl = new URL('./fanout-worker.ts', import.meta.url).href;

interface Target {
  name: string;
  /** The processes whose CPU and memory are the target's: the server, and its broker if apart. */
  pids: { server: number; broker?: number };
  publisher: NatsConnection;
  setup: Omit<WorkerSetup, 'topics'>;
  /** A Node server's `/metrics`: its V8 heap and external memory at the peak are printed too. */
  metricsUrl?: string;
}

/** The server's resident memory: started with no client, with every client subscribed, most under load. */
interface Memory {
  idleMb: number;
  connectedMb: number;
  peakMb: number;
  /** Of the idle and peak RSS, the mapped files (the executable's pages). */
  idleFileMb: number;
  peakFileMb: number;
  /** The same readings as PSS (shared pages split among the processes that map them). */
  idlePssMb: number;
  peakPssMb: number;
  /** A Node server's V8 heap (its old space) and external memory when its RSS peaked. */
  peakNode?: Awaited<ReturnType<typeof nodeMemory>>;
}
const memory: Record<string, Memory> = {};

interface Row {
  rate: number;
  delivered: number;
  p50: number;
  p99: number;
  lossPct: number;
  cpuPct: number;
  brokerCpuPct: number;
  rssMb: number;
  clientCpuPct: number;
  cut: number;
}

/** Client threads, each holding a share of the clients (client i watches hub i % TOPICS). */
async function startWorkers(t: Target) {
  const topics = Array.from({ length: WORKERS }, (_, w) =>
    Array.from({ length: CLIENTS }, (_, i) => i)
      .filter((i) => i % WORKERS === w)
      .map((i) => i % TOPICS),
  );
  // Node strips the worker's TypeScript itself, as it does the main thread's.
  const workers = topics.map(
    (share) => new Worker(new URL(workerUrl), { workerData: { ...t.setup, topics: share } }),
  );
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  return { workers, topics };
}

const ask = (w: Worker) =>
  new Promise<WorkerReport>((r) => {
    w.once('message', r);
    w.postMessage({ report: true });
  });

/** Publishes `rate` messages a second for `seconds`, paced by the clock; returns the count per hub. */
async function publish(t: Target, step: number, rate: number, seconds: number, seq: { n: number }) {
  const s = subjects(t.setup.prefix);
  const perHub = new Array<number>(TOPICS).fill(0);
  const started = Date.now();
  let published = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor((rate * (Date.now() - started)) / 1000);
    for (; published < due; published++) {
      const hub = seq.n++ % TOPICS;
      perHub[hub] = (perHub[hub] ?? 0) + 1;
      const head = { version: '1.0', transactionId: seq.n, senderId: `${hub}`, direction: 'notification' };
      const msg = { ...head, class: 'feature', operation: 'write', items: [], step, sentAt: now() };
      t.publisher.publish(s.hubMsg(hub, 'notification', 'feature', 'write'), JSON.stringify(msg));
    }
    await sleep(10);
  }
  return perHub;
}

/** The rate ladder; it stops after two steps in a row over 100 ms p99 or with loss. */
async function ladder(t: Target): Promise<Row[]> {
  const idle = usage(t.pids.server);
  const { workers, topics } = await startWorkers(t);
  await sleep(1000);
  const mem: Memory = {
    idleMb: idle.rssMb,
    idleFileMb: idle.fileMb,
    connectedMb: usage(t.pids.server).rssMb,
    peakMb: 0,
    peakFileMb: 0,
    idlePssMb: idle.pssMb,
    peakPssMb: 0,
  };
  memory[t.name] = mem;
  const seq = { n: 0 };
  await publish(t, -1, RATES[0] ?? 100, 2, seq); // warm-up, not measured
  const rows: Row[] = [];
  let failed = 0;
  for (const [step, rate] of RATES.entries()) {
    for (const w of workers) w.postMessage({ step });
    const [server, broker] = [usage(t.pids.server), t.pids.broker ? usage(t.pids.broker) : null];
    const started = Date.now();
    const perHub = await publish(t, step, rate, SECONDS, seq);
    const expected = topics.flat().reduce((n, hub) => n + (perHub[hub] ?? 0), 0);
    let reports: WorkerReport[] = [];
    const sum = () => reports.reduce((n, r) => n + r.received.reduce((a, b) => a + b, 0), 0);
    await waitFor(async () => {
      reports = await Promise.all(workers.map(ask));
      return sum() >= expected;
    }, 3000);
    const wall = (Date.now() - started) / 1000;
    const lat = Float64Array.from(reports.flatMap((r) => [...r.latencies])).sort();
    const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? Number.NaN;
    const cpu = (pid: number, before: { cpu: number }) => (100 * (usage(pid).cpu - before.cpu)) / wall;
    const row: Row = {
      rate,
      delivered: sum() / SECONDS,
      p50: pct(0.5),
      p99: pct(0.99),
      lossPct: expected ? (100 * (expected - sum())) / expected : 0,
      cpuPct: cpu(t.pids.server, server),
      brokerCpuPct: t.pids.broker && broker ? cpu(t.pids.broker, broker) : Number.NaN,
      rssMb: usage(t.pids.server).rssMb,
      clientCpuPct: reports.reduce((n, r) => n + r.cpuMs, 0) / 10 / wall,
      cut: reports.reduce((n, r) => n + r.closed, 0),
    };
    rows.push(row);
    if (row.rssMb > mem.peakMb) {
      mem.peakMb = row.rssMb;
      ({ fileMb: mem.peakFileMb, pssMb: mem.peakPssMb } = usage(t.pids.server));
      if (t.metricsUrl) mem.peakNode = await nodeMemory(t.metricsUrl);
    }
    console.log(`  ${t.name.padEnd(10)} ${fmt(row)}`);
    failed = row.p99 > 100 || row.lossPct > 0 ? failed + 1 : 0;
    if (failed === 2) break;
  }
  for (const w of workers) w.postMessage({ close: true });
  return rows;
}

const fmt = (r: Row) =>
  `publish ${String(r.rate).padStart(5)}/s  delivered ${r.delivered.toFixed(0).padStart(6)} ev/s  ` +
  `p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  loss ${r.lossPct.toFixed(2)}%  ` +
  `server ${r.cpuPct.toFixed(0).padStart(3)}% cpu ${r.rssMb.toFixed(0).padStart(3)} MB` +
  `${Number.isNaN(r.brokerCpuPct) ? '' : `  broker ${r.brokerCpuPct.toFixed(0)}% cpu`}` +
  `  clients ${r.clientCpuPct.toFixed(0)}% cpu  cut ${r.cut}`;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const c of children) c.kill('SIGTERM');
    process.exit(1);
  });
}

const env = infra();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `fan-out: ${CLIENTS} websocket clients over ${TOPICS} hub topics, ${SECONDS} s per step, ` +
    `${WORKERS} client threads, fan-out tick ${process.env.LIVE_TICK_MS ?? 16} ms; load average ${load()}`,
);
console.log(
  'centrifuge: Centrifugo v6 is refused by the module proxy here (403), so its engine library stands in: ' +
    'infra/centrifuge-peer, github.com/centrifugal/centrifuge v0.40.1, core NATS bridged into channels (raw mode).',
);
const results: Record<string, Row[]> = {};
try {
  if (ONLY.has('nats-ws')) {
    const floorNats = await startNats('websocket');
    const floor: Target = {
      name: 'nats-ws',
      pids: { server: floorNats.pid },
      publisher: await connect({ servers: floorNats.url }),
      setup: { kind: 'nats-ws', url: floorNats.wsUrl, cookie: '', prefix: 'floor' },
    };
    results[floor.name] = await ladder(floor);
    await floor.publisher.drain();
  }

  if (ONLY.has('fanout')) {
    const js = await startNats('jetstream');
    const fo = await startFanout(js.url, env.REDIS_URL ?? '');
    const fanout: Target = {
      name: 'fanout',
      pids: { server: fo.child.pid ?? 0, broker: js.pid },
      publisher: await connect({ servers: js.url }),
      setup: { kind: 'fanout', url: fo.url, cookie: fo.cookie, prefix: fo.prefix },
      metricsUrl: fo.metricsUrl,
    };
    results[fanout.name] = await ladder(fanout);
    await fanout.publisher.drain();
    await stop(fo.child);
  }

  if (ONLY.has('centrifuge')) {
    const core = await startNats('core');
    const peer = await startCentrifugePeer(core.url);
    const centrifuge: Target = {
      name: 'centrifuge',
      pids: { server: peer.child.pid ?? 0, broker: core.pid },
      publisher: await connect({ servers: core.url }),
      setup: { kind: 'centrifuge', url: peer.url, cookie: '', prefix: peer.prefix },
    };
    results[centrifuge.name] = await ladder(centrifuge);
    await centrifuge.publisher.drain();
    await stop(peer.child);
  }
} finally {
  await Promise.all(children.map(stop));
}
const best = (rows: Row[] = []) => rows.filter((r) => r.p99 <= 100 && r.lossPct === 0).at(-1);
console.log('\nhighest step with p99 ≤ 100 ms and no loss:');
for (const [name, rows] of Object.entries(results))
  console.log(`  ${name.padEnd(10)} ${best(rows) ? fmt(best(rows) as Row) : 'none'}`);
const g = best(results.fanout);
for (const peer of ['nats-ws', 'centrifuge']) {
  const p = best(results[peer]);
  if (g && p)
    console.log(`  fanout / ${peer} delivered events per second: ${(g.delivered / p.delivered).toFixed(2)}`);
}
console.log('\nserver memory (RSS): idle, with every client subscribed, most under load:');
const mb = (n: number) => `${n.toFixed(0).padStart(4)} MB`;
for (const [name, m] of Object.entries(memory))
  console.log(
    `  ${name.padEnd(10)} idle ${mb(m.idleMb)}  connected ${mb(m.connectedMb)}  peak ${mb(m.peakMb)}` +
      `  (mapped files: idle ${mb(m.idleFileMb)}, peak ${mb(m.peakFileMb)})`,
  );
for (const [name, m] of Object.entries(memory)) {
  const n = m.peakNode;
  if (n)
    console.log(
      `  ${name.padEnd(10)} at its peak: V8 heap ${mb(n.heapMb)} (old space ${mb(n.oldMb)}, ${mb(n.heapUsedMb)} used), ` +
        `external ${mb(n.externalMb)}, the rest ${mb(m.peakMb - m.peakFileMb - n.heapMb - n.externalMb)}`,
    );
}
const [mf, mc] = [memory.fanout, memory.centrifuge];
if (mf && mc)
  console.log(
    `  fanout / centrifuge: idle ${(mf.idleMb / mc.idleMb).toFixed(2)}×, peak ${(mf.peakMb / mc.peakMb).toFixed(2)}×` +
      `; without mapped files: idle ${((mf.idleMb - mf.idleFileMb) / (mc.idleMb - mc.idleFileMb)).toFixed(2)}×, ` +
      `peak ${((mf.peakMb - mf.peakFileMb) / (mc.peakMb - mc.peakFileMb)).toFixed(2)}×` +
      `; PSS: fanout idle ${mb(mf.idlePssMb)}, peak ${mb(mf.peakPssMb)}, centrifuge idle ${mb(mc.idlePssMb)}, peak ${mb(mc.peakPssMb)}` +
      ` (${(mf.idlePssMb / mc.idlePssMb).toFixed(2)}×, ${(mf.peakPssMb / mc.peakPssMb).toFixed(2)}×)`,
  );
// CPU per delivered event at the highest step both passed (server + its broker), in microseconds.
const c = best(results.centrifuge);
if (g && c) {
  const perEvent = (r: Row) =>
    ((r.cpuPct + (Number.isNaN(r.brokerCpuPct) ? 0 : r.brokerCpuPct)) * 1e4) / r.delivered;
  console.log(
    `  CPU per delivered event at each one's best step: fanout ${perEvent(g).toFixed(1)} µs, centrifuge ${perEvent(c).toFixed(1)} µs`,
  );
}
console.log(`load average after: ${load()}`);
process.exit(0);
