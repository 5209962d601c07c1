import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Caller } from '@console/contracts';
import { freePort, type InfraEnv, QUIET_SIMULATOR, waitFor } from '@console/kit/testing';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { type Stack, startStack } from '../support/stack.ts';

/**
 * What the benchmarks share: their own databases on the dev infrastructure, and services started
 * from source as processes of their own.
 */

const root = resolve(import.meta.dirname, '../..');

/** `url` with its path (the database) set to `name`. */
export const databaseAt = (url: string, name: string): string =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/**
 * A benchmark's own databases, `name` on the dev infrastructure's Postgres and Mongo: the Postgres
 * database is made when missing (Mongo makes its own on first write); both are kept between runs,
 * so a loaded world is reused.
 */
export async function benchDatabases(
  env: InfraEnv,
  name: string,
): Promise<{ databaseUrl: string; mongoUrl: string }> {
  const admin = new pg.Client({ connectionString: databaseAt(env.DATABASE_URL, 'postgres') });
  await admin.connect();
  try {
    if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount)
      await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return { databaseUrl: databaseAt(env.DATABASE_URL, name), mongoUrl: databaseAt(env.MONGO_URL, name) };
}

/**
 * Starts one service from its source (`services/<service>/src/server.ts`) as a process of the
 * bench's own, logging warnings and worse to the bench's output; `env` adds to (and overrides)
 * the bench's environment.
 */
export function spawnService(service: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [resolve(root, `services/${service}/src/server.ts`)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Whom a bench's direct NATS requests (signed as the gateway would) speak for: an admin. */
export const benchCaller = (): Caller => ({
  userId: '1',
  email: 'bench@console.test',
  name: 'Bench',
  roles: ['admin'],
  sessionId: randomUUID(),
});

/**
 * The hub benchmarks' stack: auth, a quiet simulator of `hubs` hubs, hub-control and the gateway,
 * over a Mongo database of the stack's own (`mongoUrl`) on `mongoBase` (the dev Mongo by default).
 */
export async function startFleetStack(
  env: InfraEnv,
  o: { hubs: number; seed: number; mongoBase?: string; env?: Record<string, string> },
): Promise<{ stack: Stack; mongoUrl: string }> {
  let mongoUrl = '';
  const stack = await startStack(env, ['auth', 'simulator', 'hub-control', 'gateway'], (prefix) => {
    mongoUrl = databaseAt(o.mongoBase ?? env.MONGO_URL, prefix);
    return {
      MONGO_URL: mongoUrl,
      SIM_HUBS: String(o.hubs),
      SIM_SEED: String(o.seed),
      SIM_PRESENCE_REFRESH_S: '2',
      ...QUIET_SIMULATOR,
      ...o.env,
    };
  });
  return { stack, mongoUrl };
}

/** Stops a fleet stack; its own Mongo database (named after the stack's prefix) goes with it. */
export async function stopFleetStack(fleet: { stack: Stack; mongoUrl: string }): Promise<void> {
  await fleet.stack.stop();
  const mongo = await MongoClient.connect(fleet.mongoUrl);
  try {
    await mongo.db().dropDatabase();
  } finally {
    await mongo.close();
  }
}

/** The machine's load average over 1, 5 and 15 minutes, as printed beside a bench's figures. */
export const loadAverage = (): string[] => loadavg().map((l) => l.toFixed(2));

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is none. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Every process on the machine whose command name is `comm` (nats-server, postgres…). */
function pidsNamed(comm: string): number[] {
  const found: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm) found.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The shared parts of a stack (broker and stores), by the command name of their processes. */
export const SHARED = {
  'nats-server': 'nats-server',
  postgres: 'postgres',
  ferretdb: 'ferretdb',
  redis: 'redis-server',
};

/**
 * CPU seconds so far of every process of the shared parts, keyed `<part>#<pid>` (Postgres starts
 * and ends a process per connection: compare two readings pid by pid). Other work on the machine
 * that uses the same broker and stores is in these figures too.
 */
export function sharedCpuSeconds(): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const [name, comm] of Object.entries(SHARED))
    for (const pid of pidsNamed(comm)) parts[`${name}#${pid}`] = cpuSeconds(pid) || 0;
  return parts;
}

/**
 * POSTs JSON to the gateway from a lean client: node:http on kept-alive sockets of `agent` (as a
 * browser keeps them), carrying the session cookie and taking the renewed one when the gateway
 * renews it; resolves the response's status. `fetch` (undici) cost a bench ~1.2 ms of CPU per
 * request on the same two cores as the services it measures.
 */
export function gatewayPoster(
  url: string,
  sessionCookie: string,
  agent: Agent,
): (path: string, body: unknown) => Promise<number> {
  const gateway = new URL(url);
  let cookie = sessionCookie;
  return (path, body) =>
    new Promise<number>((done, fail) => {
      const data = JSON.stringify(body);
      const req = httpRequest(
        {
          host: gateway.hostname,
          port: gateway.port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), cookie },
        },
        (res) => {
          const renewed = res.headers['set-cookie']?.[0]?.split(';')[0];
          if (renewed && !renewed.endsWith('=')) cookie = renewed;
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(data);
    });
}

/** Stops a process the bench started and waits until it is gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Frame pacing of a browser animation from its frame timestamps (`requestAnimationFrame` times, ms)
 * and the long tasks seen meanwhile (their durations, ms).
 */
export function frameFigures(
  frames: number[],
  long: number[],
): { frames: number; fps: number; p95: number; longTasks: number; maxLongTask: number } {
  const gaps = frames
    .slice(1)
    .map((t, i) => t - (frames[i] as number))
    .sort((a, b) => a - b);
  const span = ((frames.at(-1) ?? 0) - (frames[0] ?? 0)) / 1000;
  return {
    frames: frames.length,
    fps: span > 0 ? (frames.length - 1) / span : 0,
    p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0,
    longTasks: long.length,
    maxLongTask: Math.max(0, ...long),
  };
}

/**
 * A Mongo-compatible store of the bench's own: the dev infrastructure's FerretDB binary on a free
 * port over a Postgres database of its own (`bench_store`, made afresh). Its CPU — the FerretDB
 * process and the Postgres backends serving that database — is the bench's writes alone, however
 * busy the machine's shared stores are with other work. Null when the binary is not there.
 */
export async function privateMongoStore(
  env: InfraEnv,
): Promise<{ mongoBase: string; cpuSeconds(): Promise<number>; stop(): Promise<void> } | null> {
  const binary = resolve(root, '.dev-infra/bin/ferretdb');
  if (!existsSync(binary)) return null;
  const name = 'bench_store';
  const admin = new pg.Client({ connectionString: databaseAt(env.DATABASE_URL, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const port = await freePort();
  const child = spawn(
    binary,
    ['-listen', `127.0.0.1:${port}`, '-postgresql-url', databaseAt(env.DATABASE_URL, name)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const mongoBase = `mongodb://127.0.0.1:${port}/bench`;
  await waitFor(
    async () => {
      const c = await MongoClient.connect(mongoBase, { serverSelectionTimeoutMS: 500 }).catch(() => null);
      await c?.close();
      return c !== null;
    },
    'the bench store',
    { timeoutMs: 15_000, intervalMs: 200 },
  );
  return {
    mongoBase,
    async cpuSeconds() {
      // The backends serving the store's database now (FerretDB keeps its pool open).
      const backends = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return backends.rows.reduce((sum, r) => sum + (cpuSeconds(r.pid) || 0), cpuSeconds(child.pid ?? 0));
    },
    async stop() {
      await stopChild(child);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}
