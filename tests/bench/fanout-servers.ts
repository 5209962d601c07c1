/**
 * The servers of the fan-out benchmark, each a process of its own so its CPU and memory can be
 * read from /proc: a nats-server per target (JetStream for the fan-out, a websocket listener for
 * the floor, plain core NATS for the Centrifuge peer), the console's fan-out service and the
 * Centrifuge peer.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SESSION_COOKIE } from '@console/contracts';
import { SessionStore } from '@console/kit';
import { freePort } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';

const root = resolve(import.meta.dirname, '../..');
export const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function infra(): Record<string, string> {
  const out = execFileSync('bash', [resolve(root, 'infra/dev-infra.sh'), 'up'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return Object.fromEntries(
    out.split('\n').flatMap((l) => (/^([A-Z_]+)=(.*)$/.exec(l) ? [[RegExp.$1, RegExp.$2]] : [])),
  );
}

/**
 * CPU seconds and RSS of a process, from /proc; `fileMb` is the part of the RSS that is mapped
 * files (the executable's own pages, mostly), the rest is the process's own memory. `pssMb` counts
 * each page shared with other processes (node's executable, with every other Node process on the
 * machine) as its share only: lower than the RSS by however many processes share those pages.
 */
export function usage(pid: number): { cpu: number; rssMb: number; fileMb: number; pssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return {
    cpu: (Number(stat[11]) + Number(stat[12])) / 100,
    rssMb: kb('VmRSS') / 1024,
    fileMb: kb('RssFile') / 1024,
    pssMb: pssKb(pid) / 1024,
  };
}

function pssKb(pid: number): number {
  try {
    return Number(
      /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? Number.NaN,
    );
  } catch {
    return Number.NaN;
  }
}

/** The V8 heap and external memory of a Node service, from its `/metrics` (prom-client's process metrics). */
export async function nodeMemory(
  metricsUrl: string,
): Promise<{ heapMb: number; heapUsedMb: number; oldMb: number; externalMb: number } | null> {
  const text = await fetch(metricsUrl)
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  // `name{labels} value`, the first label being `first` when given (prom-client puts `space` first).
  const value = (name: string, first = '') =>
    Number(new RegExp(`^${name}(?:\\{${first}[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? Number.NaN) /
    1048576;
  const heapMb = value('nodejs_heap_size_total_bytes');
  if (Number.isNaN(heapMb)) return null;
  return {
    heapMb,
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    oldMb: value('nodejs_heap_space_size_total_bytes', 'space="old"'),
    externalMb: value('nodejs_external_memory_bytes'),
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await sleep(50);
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A nats-server of our own: with JetStream (a fresh store), a websocket listener, or neither. */
export async function startNats(kind: 'jetstream' | 'websocket' | 'core') {
  const bin = [resolve(root, '.dev-infra/bin/nats-server'), '/tmp/gobin/nats-server'].find((p) =>
    existsSync(p),
  );
  if (!bin) throw new Error('no nats-server binary (run infra/dev-infra.sh up)');
  const [port, wsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'fanout-'));
  const extra = {
    jetstream: `jetstream { store_dir: "${dir}" }`,
    websocket: `websocket { port: ${wsPort}, no_tls: true }`,
    core: '',
  }[kind];
  writeFileSync(join(dir, 'nats.conf'), `port: ${port}\n${extra}\n`);
  const child = spawn(bin, ['-c', join(dir, 'nats.conf')], { stdio: 'ignore' });
  children.push(child);
  const url = `nats://127.0.0.1:${port}`;
  const up = await waitFor(async () => {
    const nc = await connect({ servers: url }).catch(() => null);
    await nc?.close();
    return nc !== null;
  }, 10_000);
  if (!up) throw new Error(`nats-server did not start (${kind})`);
  return { url, wsUrl: `ws://127.0.0.1:${wsPort}`, pid: child.pid ?? 0 };
}

function jwt(secret: string, claims: object): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * The console's fan-out service (services/fanout) as `infra/run-services.ts` starts it, with a
 * signed-in support session; the clients connect to its /ws directly, as the ingress sends them.
 */
export async function startFanout(natsUrl: string, redisUrl: string) {
  const prefix = `bench_${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const env = { NATS_URL: natsUrl, REDIS_URL: redisUrl, NATS_PREFIX: prefix, REDIS_PREFIX: prefix };
  const nodeArgs = (process.env.FANOUT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = resolve(root, 'services/fanout/src/server.ts');
  // As the image runs it (infra/Dockerfile): from a compile cache written beforehand, so Node's
  // TypeScript stripper is never loaded.
  const compileCache = { NODE_COMPILE_CACHE: resolve(root, 'node_modules/.cache/node-compile-fanout') };
  execFileSync(process.execPath, [server], {
    cwd: root,
    env: { ...process.env, ...compileCache, WARM_COMPILE_CACHE: '1' },
    stdio: 'ignore',
  });
  const child = spawn(process.execPath, [...nodeArgs, server], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      ...compileCache,
      JWT_SECRET: secret,
      // Signs the fan-out's hub checks; the bench's stand-in hub-control does not check it.
      CALLER_ASSERTION_KEY: randomBytes(32).toString('base64url'),
      PORT: String(port),
      // As the Helm chart runs the fan-out (infra/helm/console/values.yaml).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=8`.trim(),
      LOG_LEVEL: 'warn',
      // Every bench client is the same user: lift the per-user caps meant for people.
      LIVE_MAX_SOCKETS_PER_USER: '100000',
      LIVE_MAX_TOPICS_PER_USER: '10000',
      LIVE_MAX_STREAM_TOPICS: '20000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  // Live hub topics must name existing hubs (asked of hub-control): the bench's hubs all exist.
  const hubs = await connect({ servers: natsUrl });
  hubs.subscribe(`${prefix}.api.hub-control.hub`, {
    callback: (_err, m) => void m.respond(JSON.stringify({ ok: true, data: {} })),
  });
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok === true;
  if (!(await waitFor(ready, 30_000))) throw new Error('the fan-out did not start');
  const redis = new Redis(redisUrl);
  const store = new SessionStore(redis, { idleSeconds: 3600, absoluteSeconds: 7200 }, prefix);
  const sid = await store.open({
    userId: 'b1',
    email: 'bench@console.test',
    name: 'Bench',
    roles: ['support'],
  });
  redis.disconnect();
  const t = Math.floor(Date.now() / 1000);
  const token = jwt(secret, { sid, sub: 'b1', iat: t, exp: t + 7200, aud: 'smarthome-console' });
  return {
    child,
    prefix,
    url: `ws://127.0.0.1:${port}/ws`,
    cookie: `${SESSION_COOKIE}=${token}`,
    metricsUrl: `http://127.0.0.1:${port}/metrics`,
  };
}

/**
 * The Centrifuge peer (`infra/centrifuge-peer`, built on first use): Centrifuge's websocket
 * endpoint, fed by a core NATS subscription on the hub subjects under `prefix`.
 */
export async function startCentrifugePeer(natsUrl: string) {
  const bin = execFileSync('bash', [resolve(root, 'infra/centrifuge-peer/build.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const prefix = `bench_${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const child = spawn(bin, ['-listen', `127.0.0.1:${port}`], {
    env: { ...process.env, NATS_URL: natsUrl, NATS_PREFIX: prefix },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok === true;
  if (!(await waitFor(ready, 30_000))) throw new Error('the Centrifuge peer did not start');
  return { child, prefix, url: `ws://127.0.0.1:${port}/connection/websocket` };
}
