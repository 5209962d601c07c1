/**
 * Simulator capacity: how many hubs one simulator process carries and how many hub messages per
 * second it sustains, with its CPU and RSS, beside the floor of one Node process publishing
 * pre-serialised messages of the same size to the same NATS server. Prints figures; asserts nothing.
 *
 *   node tests/bench/simulator.ts [hubs=10000] [seconds per step=5]
 *
 * The fleet is the synthetic one unless the environment says otherwise, e.g. the demo's world
 * hubs answering from its store (FLEET=world SIM_SEED=1 WORLD_CUSTOMERS=15000 MONGO_URL=… with that
 * world loaded; SIM_RECORDS=fleet for the same hubs without the store). BENCH_FIRST_READS=n also
 * times a system read of n hubs twice: the first reads each hub's records from the store, the
 * second is answered from memory (the floor). BENCH_STEPS=k runs only the first k rate steps.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hubRequest, type SimStats, simSubjects, subjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { uniqueName } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import { loadAverage, stopChild } from './bench-kit.ts';

const root = resolve(import.meta.dirname, '../..');
const HUBS = Number(process.argv[2] ?? 10_000);
const STEP_S = Number(process.argv[3] ?? 5);
/** Hub messages per second asked of the whole fleet, step by step. */
const TARGETS = [1_000, 5_000, 10_000, 20_000, 40_000, 80_000].slice(0, Number(process.env.BENCH_STEPS ?? 6));
const FIRST_READS = Number(process.env.BENCH_FIRST_READS ?? 0);

const natsUrl = (() => {
  const out = execFileSync('bash', [resolve(root, 'infra/dev-infra.sh'), 'up'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return /^NATS_URL=(.*)$/m.exec(out)?.[1] ?? 'nats://127.0.0.1:4222';
})();

/** CPU seconds (user + system) and RSS in MB of a process, from /proc. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpu: ticks / 100, rssMb: rss / 1024 };
}

/** The NATS server's pid when dev-infra started it (else its CPU is not shown). */
const natsPidFile = resolve(root, '.dev-infra/run/nats.pid');
const natsPid = existsSync(natsPidFile) ? Number(readFileSync(natsPidFile, 'utf8').trim()) : 0;
const natsCpu = () => (natsPid && existsSync(`/proc/${natsPid}`) ? usage(natsPid).cpu : Number.NaN);

const prefix = uniqueName('bench');
const nc = await connect({ servers: natsUrl, name: 'bench-simulator', ...natsAuth() });
const sim = simSubjects(prefix);
let received = 0;
nc.subscribe(`${prefix}.hub.*.msg.>`, { callback: () => void received++ });
let connected = new Set<number>();
nc.subscribe(subjects(prefix).hubPresenceAny(), {
  callback: (_e, m) => {
    const p = m.json<{ hubId: number; connected: boolean }>();
    if (p.connected) connected.add(p.hubId);
  },
});
await nc.flush();

/** A system read of each hub, 8 at a time, twice: p50/p95/max ms of each round. */
async function firstReads(hubIds: number[]) {
  const round = async () => {
    const times: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < hubIds.length) {
        const id = hubIds[next++] as number;
        const t = performance.now();
        await nc.request(
          subjects(prefix).hubCmd(id),
          JSON.stringify(hubRequest('systemRead', 'bench', [{}])),
          {
            timeout: 10_000,
          },
        );
        times.push(performance.now() - t);
      }
    };
    const t = performance.now();
    await Promise.all(Array.from({ length: 8 }, worker));
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms, ${((performance.now() - t) / 1000).toFixed(2)} s for ${hubIds.length}`;
  };
  console.log(`system read, first (records read from the store): ${await round()}`);
  console.log(`system read, again (from memory, the floor):       ${await round()}\n`);
}

const t0 = Date.now();
const child: ChildProcess = spawn(process.execPath, [resolve(root, 'services/simulator/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NATS_URL: natsUrl,
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    SIM_HUBS: String(HUBS),
    SIM_WFLS: '0',
    SIM_HOSTS: '0',
    SIM_CONNECT_SPREAD_MS: '2000',
    SIM_EVENTS_PER_HUB_PER_MIN: '0',
    SIM_STATUS_PER_HUB_PER_MIN: '0',
    SIM_LOGS_PER_HUB_PER_MIN: '0',
    SIM_NOTIFICATIONS_PER_HUB_PER_MIN: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const pid = child.pid as number;
try {
  while (connected.size < HUBS) {
    if (Date.now() - t0 > 120_000) throw new Error(`only ${connected.size} of ${HUBS} hubs connected`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const upAfter = (Date.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const idle = usage(pid);
  console.log(
    `\nsimulator: ${HUBS} hubs connected ${upAfter.toFixed(1)} s after start; idle RSS ${idle.rssMb.toFixed(0)} MB\n`,
  );
  if (FIRST_READS > 0) await firstReads([...connected].slice(0, FIRST_READS));
  console.log(
    'asked msg/s   delivered msg/s   sim CPU %   sim RSS MB   nats CPU %   bench CPU %   sustained',
  );
  let best = 0;
  for (const target of TARGETS) {
    // Feature changes, status changes, logs and notifications in the spec's mix (6:2:1.5:0.5).
    const perHubPerMin = (target * 60) / HUBS;
    const rates = {
      eventsPerHubPerMin: perHubPerMin * 0.6,
      statusPerHubPerMin: perHubPerMin * 0.2,
      logsPerHubPerMin: perHubPerMin * 0.15,
      notificationsPerHubPerMin: perHubPerMin * 0.05,
    };
    await nc.request(sim.control('rates'), JSON.stringify(rates), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1000));
    const before = usage(pid);
    const nats0 = natsCpu();
    const own0 = process.cpuUsage();
    const count0 = received;
    const s0 = performance.now();
    await new Promise((r) => setTimeout(r, STEP_S * 1000));
    const secs = (performance.now() - s0) / 1000;
    const after = usage(pid);
    const delivered = (received - count0) / secs;
    const cpu = ((after.cpu - before.cpu) / secs) * 100;
    const natsPct = ((natsCpu() - nats0) / secs) * 100;
    const own = process.cpuUsage(own0);
    const benchPct = ((own.user + own.system) / 1e6 / secs) * 100;
    const ok = delivered >= target * 0.95;
    if (ok) best = Math.max(best, delivered);
    console.log(
      `${String(target).padStart(11)}   ${delivered.toFixed(0).padStart(15)}   ${cpu.toFixed(0).padStart(9)}   ${after.rssMb.toFixed(0).padStart(10)}   ${natsPct.toFixed(0).padStart(10)}   ${benchPct.toFixed(0).padStart(11)}   ${ok ? 'yes' : 'no'}`,
    );
    if (!ok) break;
  }
  const stats = (await nc.request(sim.control('stats'), '{}', { timeout: 5000 })).json<SimStats>();
  await nc.request(
    sim.control('rates'),
    JSON.stringify({
      eventsPerHubPerMin: 0,
      statusPerHubPerMin: 0,
      logsPerHubPerMin: 0,
      notificationsPerHubPerMin: 0,
    }),
    { timeout: 5000 },
  );

  // The floor: this process publishing same-sized, pre-serialised messages as fast as NATS takes them.
  const sample = JSON.stringify({
    version: '1.0',
    transactionId: 1,
    senderId: '3154116608',
    direction: 'notification',
    class: 'feature',
    operation: 'event',
    items: [{ itemId: 0, payload: { featureId: 'x'.repeat(40), value: 1, source: 'device' }, success: true }],
    hubId: 3154116608,
    clientType: 'link2',
    at: Date.now(),
  });
  const floorCount0 = received;
  const f0 = performance.now();
  let published = 0;
  while (performance.now() - f0 < STEP_S * 1000) {
    for (let i = 0; i < 1000; i++)
      nc.publish(`${prefix}.hub.${3154116608 + (i % HUBS)}.msg.notification.feature.event`, sample);
    published += 1000;
    await nc.flush();
  }
  const floorSecs = (performance.now() - f0) / 1000;
  console.log(
    `\nsustained by the simulator: ${best.toFixed(0)} hub messages/s from ${stats.connected} connected hubs (${stats.sent} sent in all)`,
  );
  console.log(
    `floor, one Node process publishing pre-serialised ${sample.length}-byte messages: ${(published / floorSecs).toFixed(0)} msg/s (${((received - floorCount0) / floorSecs).toFixed(0)} msg/s back through this subscriber)`,
  );
  console.log(`ratio simulator / floor: ${(best / (published / floorSecs)).toFixed(2)}`);
  console.log(`machine: ${loadAverage().join(' ')} load average (1/5/15 min) on this 2-core box`);
} finally {
  await stopChild(child);
  await nc.drain();
  connected = new Set();
}
