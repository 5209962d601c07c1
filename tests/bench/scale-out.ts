/**
 * Scale-out: each service driven with 1 and then 2 instances in the same run, the second started
 * beside the first as `node infra/scale.ts <service> +1` adds one. Per step: throughput, p50 and p99,
 * and the CPU (cores, from /proc/<pid>/stat) of every process of the stack — the gateway, each
 * instance, nats-server, the stores (Postgres, FerretDB, Redis), the simulated hubs, the load
 * generator (this process) — and of the whole machine. When the second instance does not take the
 * throughput to 1.7×, the bench names what bounded it from those figures. Asserts nothing.
 *
 *   node tests/bench/scale-out.ts [--service hub-control,search,fanout] [--seconds 8]
 *     [--concurrency 48] [--viewers 400] [--rate 4000]
 *
 * - hub-control: system reads through the gateway over HTTP (bench-kit's gatewayPoster, the client
 *   of command-roundtrip.ts) to 1,000 simulated hubs, `concurrency` in flight.
 * - search: `findUserByMac` (Postgres) over NATS as the gateway calls it, over a 300-customer world
 *   in its own databases (`scale_bench`); supervisor: `hostsList` over 20 hosts, the same way.
 * - fanout: `viewers` websockets on the gateway's /ws (which hands new sockets to the fan-out
 *   instances it discovers), each on one of 100 hub topics, while hub messages are published at
 *   `rate` a second; throughput is events delivered a second. With two instances the viewers
 *   connect anew once the gateway knows both, and the bench prints how many each holds.
 *
 * The stores and nats-server are the machine's (the dev infrastructure), shared with anything else
 * running: their CPU is every process of that name, and the machine's line shows what else ran.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { type SimHub, subjects } from '@console/contracts';
import { asGateway, natsAuth } from '@console/kit';
import { freePort, uniqueName } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import { loadWorld } from '@console/world';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin } from '../support/people.ts';
import { spawnService as spawnStackService } from '../support/stack.ts';
import {
  benchCaller,
  benchDatabases,
  cpuSeconds,
  gatewayPoster,
  loadAverage,
  SHARED,
  sharedCpuSeconds,
  spawnService,
  startFleetStack,
  stopChild,
  stopFleetStack,
} from './bench-kit.ts';
import { type BenchClient, gatewayClient, now, Tally } from './fanout-clients.ts';

const { values: args } = parseArgs({
  options: {
    service: { type: 'string', default: 'hub-control,search,fanout' },
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '48' },
    viewers: { type: 'string', default: '400' },
    rate: { type: 'string', default: '10000' },
  },
});
const SERVICES = (args.service as string).split(',');
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const VIEWERS = Number(args.viewers);
const RATE = Number(args.rate);
const TOPICS = 100;
const HUBS = 1000;
const TARGET = 1.7;
const env = devInfraUp();
const nc = await connect({ servers: env.NATS_URL.split(','), ...natsAuth() });
/** The HTTP ports of the fan-out instances the bench added (their /metrics count their sockets). */
const extraPorts: number[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One service under test: its instances, its load, and the processes whose CPU is read. */
interface Target {
  prefix: string;
  /** Starts instance number `i` (2, 3…) beside the first. */
  addInstance(i: number): Promise<ChildProcess>;
  /** The first instance's process id. */
  firstPid: number;
  /** Runs the load for `seconds`: completed operations (requests, or events delivered), latencies. */
  drive(seconds: number, step: number): Promise<{ done: number; latencies: number[]; failures: number }>;
  /** After an instance is added: what has to happen for the load to reach it (fanout: reconnect). */
  spread?(): Promise<string>;
  /** The stack's own processes other than the service's instances (the gateway, the simulator). */
  others: Record<string, number>;
  stop(): Promise<void>;
}

/** The machine's busy CPU seconds (all cores) so far, from /proc/stat. */
function machineBusy(): number {
  const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return (f.reduce((a, b) => a + b, 0) - idle) / 100;
}

/**
 * CPU seconds so far of each part of the stack: named processes, summed per part. A shared part
 * (nats-server, the stores) is every process of that name, each by its pid (Postgres starts and
 * ends a process per connection): `coresBetween` counts the pids seen at the end.
 */
function cpuParts(t: Target, instances: ChildProcess[]): Record<string, number> {
  const parts: Record<string, number> = {};
  instances.forEach((c, i) => {
    parts[`instance ${i + 1}`] = cpuSeconds(c.pid ?? 0);
  });
  for (const [name, pid] of Object.entries(t.others)) parts[name] = cpuSeconds(pid);
  Object.assign(parts, sharedCpuSeconds());
  const self = process.cpuUsage();
  parts['load generator'] = (self.user + self.system) / 1e6;
  parts.machine = machineBusy();
  return parts;
}

/**
 * Cores each part used between two readings. A shared part's processes that ended meanwhile are
 * not counted (their last figures are gone), ones that started count from nothing.
 */
function coresBetween(before: Record<string, number>, after: Record<string, number>, seconds: number) {
  const cores: Record<string, number> = {};
  for (const [key, value] of Object.entries(after)) {
    const part = key.split('#')[0] as string;
    cores[part] = (cores[part] ?? 0) + (value - (before[key] ?? 0)) / seconds;
  }
  return cores;
}

async function instancesUp(service: string, prefix: string, n: number) {
  for (let tries = 0; tries < 600; tries++) {
    let found = 0;
    // $SRV.PING.<name>: every instance of the service on the server answers with its metadata.
    try {
      const answers = await nc.requestMany(`$SRV.PING.${service}`, '', {
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
    await sleep(250);
  }
  throw new Error(`${n} ${service} instances did not come up`);
}

/** `concurrency` callers for `seconds`, each call timed; a call resolves whether it succeeded. */
async function closedLoop(seconds: number, call: () => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const ok = await call().catch(() => false);
      if (ok) latencies.push(performance.now() - t);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { done: latencies.length, latencies, failures };
}

/** search or supervisor, called over NATS as the gateway calls them. */
async function natsTarget(service: 'search' | 'supervisor'): Promise<Target> {
  const { databaseUrl, mongoUrl } = await benchDatabases(env, 'scale_bench');
  const prefix = uniqueName('scale');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let work: { op: string; params: Record<string, string> }[];
  if (service === 'search') {
    const mongo = new MongoClient(mongoUrl);
    await mongo.connect();
    await loadWorld({ pool, db: mongo.db(), seed: 3, customers: 300, histories: false });
    await mongo.close();
    const { rows } = await pool.query<{ mac: string }>('select mac from wfls order by wfl_id limit 50');
    work = rows.map((r) => ({ op: 'findUserByMac', params: { mac: r.mac } }));
  } else {
    // Hosts that are up and idle: one packet a second, none dropped.
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
    work = [{ op: 'hostsList', params: {} }];
  }
  const start = (i: number) =>
    spawnService(service, {
      ...env,
      DATABASE_URL: databaseUrl,
      MONGO_URL: mongoUrl,
      NATS_PREFIX: prefix,
      INSTANCE_ID: `${service}-${i}`,
      PORT: '0',
      INDEX_ON_START: 'never',
    });
  const first = start(1);
  await instancesUp(service, prefix, 1);
  const caller = benchCaller();
  let next = 0;
  return {
    prefix,
    firstPid: first.pid ?? 0,
    others: {},
    addInstance: async (i) => start(i),
    drive: (seconds) =>
      closedLoop(seconds, async () => {
        const w = work[next++ % work.length] as (typeof work)[number];
        // Signed as the gateway signs what it forwards: the services answer nothing else.
        const body = JSON.stringify(
          asGateway(service, w.op, {
            requestId: randomUUID(),
            caller,
            ip: '127.0.0.1',
            params: w.params,
            query: {},
            body: null,
          }),
        );
        const m = await nc.request(subjects(prefix).api(service, w.op), body, { timeout: 30_000 });
        return m.json<{ ok: boolean }>().ok;
      }),
    stop: async () => {
      await stopChild(first);
      await pool.end();
    },
  };
}

/** hub-control behind the gateway (and fanout, the fan-out behind it), with simulated hubs. */
async function fleetTarget(service: 'hub-control' | 'fanout'): Promise<Target> {
  const fleet = await startFleetStack(env, {
    hubs: HUBS,
    seed: 11,
    // Every bench viewer is the same user: lift the per-user caps meant for people.
    env: {
      LIVE_MAX_SOCKETS_PER_USER: '100000',
      LIVE_MAX_TOPICS_PER_USER: '10000',
      LIVE_MAX_STREAM_TOPICS: '20000',
    },
  });
  const { stack } = fleet;
  const hubs: SimHub[] = syntheticFleet({ hubs: HUBS, wfls: 0, hosts: 0, seed: 11 }).hubs;
  const hubOf = (i: number) => (hubs[i % hubs.length] as SimHub).hubId;
  const admin = await signInAdmin(stack);
  // Presence refreshes every 2 s: after 3 s hub-control knows every hub.
  await sleep(3000);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const others: Record<string, number> = {
    gateway: stack.pids.gateway ?? 0,
    simulator: stack.pids.simulator ?? 0,
  };
  if (service === 'fanout') others['hub-control'] = stack.pids['hub-control'] ?? 0;
  const addInstance = async (i: number) => {
    const port = await freePort();
    if (service === 'fanout') extraPorts.push(port);
    return spawnStackService(stack.env, service, port, `${service}-${i}`, stack.logs);
  };
  const base = {
    prefix: stack.prefix,
    firstPid: stack.pids[service] ?? 0,
    others,
    addInstance,
    stop: async () => {
      agent.destroy();
      await stopFleetStack(fleet);
    },
  };
  if (service === 'hub-control') {
    const post = gatewayPoster(stack.url, admin.sessionCookie, agent);
    let next = 0;
    return {
      ...base,
      drive: (seconds) =>
        closedLoop(seconds, async () => {
          const s = await post('/api/supportPlus/socket/system-read', { linkId: hubOf(next++) });
          return s === 200;
        }),
    };
  }
  // fanout: viewers on the gateway's /ws, `VIEWERS / TOPICS` on each hub topic.
  const wsUrl = `${stack.url.replace(/^http/, 'ws')}/ws`;
  const publisher: NatsConnection = await connect({ servers: env.NATS_URL.split(','), ...natsAuth() });
  const s = subjects(stack.prefix);
  let viewers: BenchClient[] = [];
  const openViewers = async (step: number) => {
    for (const v of viewers) v.close();
    viewers = [];
    for (let i = 0; i < VIEWERS; i += 50)
      viewers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, VIEWERS - i) }, (_, j) =>
            gatewayClient(wsUrl, admin.sessionCookie, `hub:${hubOf((i + j) % TOPICS)}`, new Tally(step)),
          ),
        )),
      );
  };
  await openViewers(0);
  let seq = 0;
  return {
    ...base,
    drive: async (seconds, step) => {
      for (const v of viewers) v.tally = new Tally(step);
      const started = Date.now();
      let published = 0;
      while (Date.now() - started < seconds * 1000) {
        const due = Math.floor((RATE * (Date.now() - started)) / 1000);
        for (; published < due; published++) {
          const hub = hubOf(seq++ % TOPICS);
          const head = { version: '1.0', transactionId: seq, senderId: hub, direction: 'notification' };
          const msg = { ...head, class: 'feature', operation: 'write', items: [], step, sentAt: now() };
          publisher.publish(s.hubMsg(hub, 'notification', 'feature', 'write'), JSON.stringify(msg));
        }
        await sleep(10);
      }
      await sleep(1000); // what is still on its way counts; what is later than a second does not
      const latencies = viewers.flatMap((v) => v.tally.latencies);
      const expected = published * (VIEWERS / TOPICS);
      return {
        done: latencies.length,
        latencies,
        failures: Math.max(0, Math.round(expected - latencies.length)),
      };
    },
    // The gateway finds a new fan-out by $SRV discovery (FANOUT_DISCOVERY_MS, 5 s), then spreads new
    // sockets; the viewers connect anew so that both instances hold some.
    spread: async () => {
      await sleep(6000);
      await openViewers(-1);
      const held = await Promise.all(
        [stack.ports.fanout, ...extraPorts].map(async (port) => {
          const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
            (r) => r.text(),
            () => '',
          );
          return /^console_live_sockets(?:\{[^}]*\})?\s+(\d+)/m.exec(text)?.[1] ?? '?';
        }),
      );
      return `viewers per instance: ${held.join(' + ')}`;
    },
    stop: async () => {
      for (const v of viewers) v.close();
      await publisher.drain();
      await base.stop();
    },
  };
}

const load0 = loadAverage().join(' / ');
const report: string[] = [];
for (const service of SERVICES) {
  console.error(`${service}: starting…`);
  const t =
    service === 'search' || service === 'supervisor'
      ? await natsTarget(service)
      : await fleetTarget(service as 'hub-control' | 'fanout');
  const instances: ChildProcess[] = [{ pid: t.firstPid } as ChildProcess];
  const steps: {
    n: number;
    rate: number;
    p50: number;
    p99: number;
    failures: number;
    cores: Record<string, number>;
    note: string;
  }[] = [];
  try {
    for (const n of [1, 2]) {
      let note = '';
      if (n > 1) {
        instances.push(await t.addInstance(n));
        await instancesUp(service, t.prefix, n);
        note = (await t.spread?.()) ?? '';
      }
      await t.drive(2, -1); // warm-up: JIT, pools, plan caches
      const before = cpuParts(t, instances);
      const r = await t.drive(SECONDS, n);
      const after = cpuParts(t, instances);
      const cores = coresBetween(before, after, SECONDS);
      r.latencies.sort((a, b) => a - b);
      const q = (p: number) =>
        r.latencies[Math.min(r.latencies.length - 1, Math.floor(r.latencies.length * p))] ?? 0;
      steps.push({ n, rate: r.done / SECONDS, p50: q(0.5), p99: q(0.99), failures: r.failures, cores, note });
    }
  } finally {
    for (const c of instances.slice(1)) await stopChild(c);
    await t.stop();
  }
  const unit = service === 'fanout' ? 'events/s' : 'req/s';
  const one = steps[0]?.rate ?? 0;
  report.push(
    `\n${service}: ${service === 'fanout' ? `${VIEWERS} viewers on ${TOPICS} hub topics, ${RATE} messages/s published` : `${CONCURRENCY} in flight`}, ${SECONDS} s a step`,
  );
  for (const st of steps) {
    report.push(
      `  ${st.n} instance${st.n > 1 ? 's' : ' '}  ${st.rate.toFixed(0).padStart(6)} ${unit}  ${(st.rate / one).toFixed(2)}×  ` +
        `p50 ${st.p50.toFixed(1)} ms  p99 ${st.p99.toFixed(1)} ms  ${st.failures} failed${st.note ? `  (${st.note})` : ''}`,
    );
    report.push(
      `      cores: ${Object.entries(st.cores)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(', ')}`,
    );
  }
  const two = steps[1];
  const offered = service === 'fanout' ? (RATE * VIEWERS) / TOPICS : undefined;
  if (two && offered !== undefined && one >= 0.97 * offered)
    report.push(
      `  one instance already delivered the ${offered} events/s offered: a second has nothing to add (offer more: --rate).`,
    );
  else if (two) report.push(`  ${bottleneck(service, two.rate / one, two.cores)}`);
}

/**
 * What bounded the second instance, from the cores each part used with two: a single-threaded part
 * near a whole core (an instance, the gateway, the simulator, the load generator), else the
 * machine's cores when they were full (naming who used them), else nothing computing at its limit.
 */
function bottleneck(service: string, ratio: number, cores: Record<string, number>): string {
  if (ratio >= TARGET)
    return `${ratio.toFixed(2)}× with two instances: ${service} was the bottleneck, and scaled.`;
  const cpuCount = cpus().length;
  const machine = cores.machine ?? 0;
  const parts = Object.entries(cores).filter(([k]) => k !== 'machine');
  const stackTotal = parts.reduce((a, [, v]) => a + v, 0);
  const single = parts
    .filter(([k]) => !(k in SHARED))
    .sort((a, b) => b[1] - a[1])
    .find(([, v]) => v >= 0.85);
  const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const list = top.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
  const head = `${ratio.toFixed(2)}× with two instances (< ${TARGET}×): bottleneck`;
  if (single && !single[0].startsWith('instance'))
    return `${head} the ${single[0]}, one Node process at ${single[1].toFixed(2)} of a core (busiest: ${list}).`;
  if (machine >= 0.9 * cpuCount)
    return (
      `${head} the machine's ${cpuCount} cores, ${machine.toFixed(2)} busy: the stack used ${stackTotal.toFixed(2)} ` +
      `(busiest: ${list}), other work ${Math.max(0, machine - stackTotal).toFixed(2)}.`
    );
  if (single) return `${head} the ${single[0]} at ${single[1].toFixed(2)} of a core (busiest: ${list}).`;
  return `${head} none of the parts at its limit (busiest: ${list}; machine ${machine.toFixed(2)} of ${cpuCount} cores): the calls wait, more in flight would tell.`;
}

console.log(
  `\nscale-out, ${cpus().length} cores; load average before ${load0}, after ${loadAverage().join(' / ')} (1 / 5 / 15 min)`,
);
for (const line of report) console.log(line);
await nc.drain();
process.exit(0);
