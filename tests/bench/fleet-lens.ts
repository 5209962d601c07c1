/**
 * The fleet lens under load (issue 33): the console's fan-out (services/fanout) on a JetStream
 * nats-server of its own, fed hub message events shaped as the simulator sends them from `hubs`
 * simulated hubs at `rate` a second (a worker thread, `fleet-lens-publisher.ts`). Prints, from one
 * run: the rate the broker stored, the fan-out's CPU over the same load without any query and with
 * 20 fleet queries running on one /ws client, the time from each query's subscribe to its first
 * matching sample at the client, and the exact count of a known burst (1,000 `bench-burst` error
 * logs sent while the 20 run) against the count the query reports. Asserts nothing.
 *
 *   node tests/bench/fleet-lens.ts [hubs=10000] [rate=20000] [seconds=10]
 */
import { Worker } from 'node:worker_threads';
import type { FleetCounts, LiveEvent, ServerFrame } from '@console/contracts';
import { streamNames } from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import WebSocket from 'ws';
import { loadAverage } from './bench-kit.ts';
import { children, infra, startFanout, startNats, stop, usage, waitFor } from './fanout-servers.ts';
import type { PublisherCommand, PublisherReport, PublisherSetup } from './fleet-lens-publisher.ts';

const HUBS = Number(process.argv[2] ?? 10_000);
const RATE = Number(process.argv[3] ?? 20_000);
const SECONDS = Number(process.argv[4] ?? 10);
const BURST = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const BURST_QUERY = "msg.class == 'log' && msg.items.exists(i, i.payload.message == 'bench-burst')";
/** 19 queries of the kinds support and engineers ask, and the burst's. */
const QUERIES = [
  "msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, has(i.error))",
  "msg.clientType in ['user', 'agent']",
  'msg.hubId == 3161000042',
  "msg.hubId % 100 == 7 && msg.class == 'device'",
  "msg.items.exists(i, has(i.error) && i.error.code == 'sync')",
  "msg.direction == 'request' && msg.class == 'system'",
  "msg.senderId.startsWith('31610001')",
  'msg.items.exists(i, i.success == false)',
  "msg.class == 'feature' && msg.operation == 'write' && msg.clientType == 'admin'",
  'msg.items.exists(i, has(i.payload.value) && i.payload.value > 95)',
  "msg.operation.matches('^(read|write)$') && msg.hubId > 3161005000",
  "msg.class in ['log', 'device'] && msg.direction == 'notification'",
  "size(msg.items) > 0 && msg.items[0].itemId == 0 && msg.class == 'system'",
  "msg.items.exists(i, has(i.payload.featureId) && i.payload.featureId.endsWith('-7'))",
  'msg.transactionId % 1000 == 0',
  "msg.at > 0 && msg.class == 'device' && msg.operation == 'status'",
  "msg.clientType == 'server' && msg.direction == 'request'",
  "msg.items.all(i, i.success) && msg.class == 'feature' && msg.hubId < 3161000100",
  "msg.class == 'system' && msg.items.exists(i, has(i.error))",
  BURST_QUERY,
];

const load0 = loadAverage();
const env = infra();
const broker = await startNats('jetstream');
const fo = await startFanout(broker.url, env.REDIS_URL ?? '');
const foPid = fo.child.pid ?? 0;
const nc = await connect({ servers: broker.url });
const jsm = await jetstreamManager(nc);
const stream = streamNames(fo.prefix).hubMsgs;
const stored = async () => (await jsm.streams.info(stream)).state.last_seq;

const publisher = new Worker(new URL('./fleet-lens-publisher.ts', import.meta.url), {
  workerData: { natsUrl: broker.url, prefix: fo.prefix, hubs: HUBS, rate: RATE } satisfies PublisherSetup,
});
const command = (c: PublisherCommand) => publisher.postMessage(c);

/** The fan-out's and the broker's CPU (% of one core) and the broker's stored rate over `seconds`. */
async function window(seconds: number) {
  const [f0, b0, s0, t0] = [usage(foPid).cpu, usage(broker.pid).cpu, await stored(), performance.now()];
  await sleep(seconds * 1000);
  const [f1, b1, s1, t1] = [usage(foPid).cpu, usage(broker.pid).cpu, await stored(), performance.now()];
  const dt = (t1 - t0) / 1000;
  return { fanoutPct: (100 * (f1 - f0)) / dt, brokerPct: (100 * (b1 - b0)) / dt, storedPerS: (s1 - s0) / dt };
}

async function metric(name: string): Promise<number> {
  const text = await (await fetch(fo.metricsUrl)).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

await sleep(3000);
const without = await window(SECONDS);

// Twenty queries on one client, as twenty panels of one person would be.
const ws = new WebSocket(fo.url, { headers: { cookie: fo.cookie } });
const sentAt: number[] = [];
const firstMatchMs: (number | null)[] = QUERIES.map(() => null);
const subscribed = new Set<number>();
const latest: (FleetCounts | null)[] = QUERIES.map(() => null);
ws.on('message', (raw) => {
  const frame = JSON.parse(String(raw)) as ServerFrame;
  if (frame.type === 'error') throw new Error(`${frame.topic}: ${frame.message}`);
  if (!('topic' in frame) || !frame.topic?.startsWith('fleet:q')) return;
  const i = Number(frame.topic.slice('fleet:q'.length));
  if (frame.type === 'subscribed') subscribed.add(i);
  if (frame.type !== 'events') return;
  for (const e of frame.events as LiveEvent[]) {
    if (e.kind === 'message' && firstMatchMs[i] === null)
      firstMatchMs[i] = performance.now() - (sentAt[i] ?? 0);
    if (e.kind === 'counts') latest[i] = e.data as FleetCounts;
  }
});
await new Promise((r) => ws.once('open', r));
QUERIES.forEach((expression, i) => {
  sentAt[i] = performance.now();
  ws.send(JSON.stringify({ type: 'subscribe', topic: `fleet:q${i}`, query: { expression } }));
});
await waitFor(() => subscribed.size === QUERIES.length, 30_000);
await sleep(2000);
const busy0 = await metric('console_fleet_busy_seconds');
const msgs0 = await metric('console_fleet_messages');
command({ type: 'burst', count: BURST });
const withQueries = await window(SECONDS);
const busy1 = await metric('console_fleet_busy_seconds');
const msgs1 = await metric('console_fleet_messages');

command({ type: 'stop' });
const report = await new Promise<PublisherReport>((r) => publisher.once('message', r));
const burstIndex = QUERIES.indexOf(BURST_QUERY);
await waitFor(() => latest[burstIndex]?.total === BURST, 15_000);
await sleep(1500);
const burst = latest[burstIndex];

const fmt = (x: number, d = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const firsts = firstMatchMs
  .filter((x, i): x is number => x !== null && i !== burstIndex)
  .sort((a, b) => a - b);
const pick = (q: number) => firsts[Math.min(firsts.length - 1, Math.floor(q * firsts.length))] ?? Number.NaN;
console.log(`fleet lens: ${fmt(HUBS)} simulated hubs, asked ${fmt(RATE)} msg/s, ${SECONDS} s windows`);
console.log(
  `published ${fmt(report.sent)} in ${fmt(report.seconds, 1)} s (${fmt(report.sent / report.seconds)} msg/s)`,
);
for (const [name, w] of [
  ['no query', without],
  [`${QUERIES.length} queries`, withQueries],
] as const) {
  console.log(
    `${name.padEnd(11)} stored ${fmt(w.storedPerS)} msg/s · fan-out CPU ${fmt(w.fanoutPct, 1)} % of a core · broker CPU ${fmt(w.brokerPct, 1)} %`,
  );
}
console.log(
  `queries add ${fmt(withQueries.fanoutPct - without.fanoutPct, 1)} % of a core to the fan-out; its own measure of parsing + evaluating: ${fmt((100 * (busy1 - busy0)) / SECONDS, 1)} % over ${fmt((msgs1 - msgs0) / SECONDS)} msg/s`,
);
console.log(
  `first match at the client after subscribe (${firsts.length} of ${QUERIES.length - 1} queries matched): median ${fmt(pick(0.5))} ms, max ${fmt(firsts.at(-1) ?? Number.NaN)} ms`,
);
const unmatched = QUERIES.filter((_, i) => i !== burstIndex && firstMatchMs[i] === null);
if (unmatched.length) console.log(`no match: ${unmatched.join(' | ')}`);
console.log(
  `burst: sent ${fmt(report.bursts)}, counted ${fmt(burst?.total ?? Number.NaN)} (${burst?.total === report.bursts ? 'exact' : 'NOT exact'}); samples ${fmt(burst?.sampled ?? 0)}, shed ${fmt(burst?.shed ?? 0)}`,
);
const shedAll = latest.reduce((n, c) => n + (c?.shed ?? 0), 0);
console.log(
  `all queries: ${fmt(latest.reduce((n, c) => n + (c?.total ?? 0), 0))} matches, ${fmt(shedAll)} not sampled (shed)`,
);
console.log(`load average before ${load0.join(' ')}, after ${loadAverage().join(' ')} (shared machine)`);

ws.close();
await nc.close();
for (const c of children) await stop(c);
process.exit(0);
