import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { HostsList } from '@console/contracts';
import { ensureStreams, natsAuth, natsEnvFor } from '@console/kit';
import {
  freePort,
  freshDatabase,
  type InfraEnv,
  uniqueName,
  type WaitOptions,
  waitFor,
} from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';

const root = resolve(import.meta.dirname, '../..');

export interface Stack {
  url: string;
  prefix: string;
  /** The HTTP port (health, metrics) of each service started. */
  ports: Record<string, number>;
  admin: { email: string; password: string };
  infra: InfraEnv;
  /** The environment every service got (fresh database, prefixes), to start one more instance. */
  env: Record<string, string>;
  logs: string[];
  /** Each service's process id (the benchmarks read their CPU time from /proc). */
  pids: Record<string, number>;
  /** The kit's waitFor, telling the services' logs when it times out. */
  waitFor(check: () => boolean | Promise<boolean>, what: string, opts?: WaitOptions): Promise<void>;
  stop(): Promise<void>;
}

/** Extra Node flags for every service, e.g. STACK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
function nodeArgs(): string[] {
  return (process.env.STACK_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * One instance of a service as its own process and broker user (as `infra/run-services.ts` starts
 * it), on the HTTP port given; its output goes to `logs`. Used by `startStack`, and by a test
 * that starts a second instance (with `stack.env`) to kill it.
 */
export function spawnService(
  env: Record<string, string>,
  service: string,
  port: number,
  instanceId: string,
  logs: string[],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs(), resolve(root, `services/${service}/src/server.ts`)], {
    cwd: root,
    // Each service as its own broker user, with its own permissions, as in production.
    env: { ...env, ...natsEnvFor(service), PORT: String(port), INSTANCE_ID: instanceId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(`${instanceId}: ${d}`));
  child.stderr?.on('data', (d) => logs.push(`${instanceId}: ${d}`));
  return child;
}

/**
 * The stack's streams, made as the start-up step makes them (infra/run-services.ts): the services'
 * own broker users may only check that they exist. Made as the tests' user, which may do anything.
 */
export async function prepareStreams(env: Record<string, string>): Promise<void> {
  const nc = await connect({
    servers: (env.NATS_URL ?? '').split(','),
    name: 'stack-streams',
    ...natsAuth(),
  });
  try {
    const replicas = env.NATS_STREAM_REPLICAS ? Number(env.NATS_STREAM_REPLICAS) : undefined;
    await ensureStreams(nc, env.NATS_PREFIX ?? '', { replicas });
  } finally {
    await nc.close();
  }
}

/**
 * Starts the real services as separate processes, exactly as `infra/run-services.ts` does, on a
 * fresh database and unique NATS/Redis prefixes, with a bootstrap admin known to the test.
 * `extraEnv` adds settings for every service (a function receives the stack's unique prefix).
 */
export async function startStack(
  infra: InfraEnv,
  services: string[] = ['auth', 'gateway'],
  extraEnv: Record<string, string> | ((prefix: string) => Record<string, string>) = {},
): Promise<Stack> {
  const prefix = uniqueName('it');
  const db = await freshDatabase(infra.DATABASE_URL, 'it');
  const port = await freePort();
  const admin = { email: `${prefix}-admin@console.test`, password: randomBytes(9).toString('base64url') };
  // The caller-assertion key the gateway and services share (kept in this process for direct NATS calls).
  process.env.CALLER_ASSERTION_KEY ??= randomBytes(32).toString('base64url');
  const env = {
    ...process.env,
    ...infra,
    DATABASE_URL: db.url,
    NATS_PREFIX: prefix,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    BOOTSTRAP_ADMIN_NAME: 'Ada Admin',
    LOG_LEVEL: 'warn',
    ...(typeof extraEnv === 'function' ? extraEnv(prefix) : extraEnv),
  };
  await prepareStreams(env as Record<string, string>);
  // The gateway passes /ws to the fan-out (services/fanout): a stack with a gateway has one, started
  // before it, as infra/run-services.ts does.
  if (services.includes('gateway') && !services.includes('fanout')) {
    const at = services.indexOf('gateway');
    services = [...services.slice(0, at), 'fanout', ...services.slice(at)];
  }
  const ports: Record<string, number> = {};
  for (const service of services) ports[service] = service === 'gateway' ? port : await freePort();
  const logs: string[] = [];
  const children: ChildProcess[] = services.map((service) =>
    spawnService(env as Record<string, string>, service, ports[service] as number, `${service}-test`, logs),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((r) => {
            if (c.exitCode !== null) return r();
            c.once('exit', () => r());
            c.kill('SIGTERM');
          }),
      ),
    );
    await db.drop();
  };
  // Ready when the gateway answers and the auth service is behind it (a login is neither a 503
  // nor, which would be some other process on the port, a 404), the fan-out (if any) is ready, with
  // every service still running.
  // 90 s: a stack is one process more than before the fan-out left the gateway, and a start at load
  // 40 on two cores took longer than the 60 s this was.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const exited = children.some((c) => c.exitCode !== null);
    try {
      const res = await fetch(`${url}/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'probe@console.test', password: 'x' }),
      });
      const fanoutUp =
        ports.fanout === undefined ||
        (await fetch(`http://127.0.0.1:${ports.fanout}/readyz`).then(
          (r) => r.ok,
          () => false,
        ));
      if (res.status !== 503 && res.status !== 404 && fanoutUp && !exited) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || exited) {
      await stop();
      throw new Error(`stack did not come up:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const wait: Stack['waitFor'] = (check, what, opts = {}) =>
    waitFor(check, what, { detail: () => logs.join(''), ...opts });
  const pids = Object.fromEntries(services.map((s, i) => [s, children[i]?.pid ?? 0]));
  return {
    url,
    prefix,
    ports,
    admin,
    infra,
    env: env as Record<string, string>,
    logs,
    pids,
    waitFor: wait,
    stop,
  };
}

/** A tiny cookie-keeping HTTP client, as a browser would behave towards the gateway. */
export class Client {
  private cookie = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: test helper returns whatever the API said
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, setCookie: set };
  }

  get hasSession() {
    return this.cookie !== '';
  }

  /** The session cookie as a `cookie` header value ('' when signed out), for a caller's own fetches
   * and for opening the gateway's websocket as this user. */
  get sessionCookie(): string {
    return this.cookie;
  }
}

/** The hosts on the supervisor board as `api` reads them (none while the board does not answer yet). */
export async function boardHosts(api: Client): Promise<HostsList['hosts']> {
  return ((await api.call('GET', '/api/supervisord')).json as HostsList | null)?.hosts ?? [];
}

/** Waits until the supervisor board lists exactly `count` hosts (the simulator's, heard beating). */
export function hostsOnBoard(stack: Stack, api: Client, count: number): Promise<void> {
  return stack.waitFor(
    async () => (await boardHosts(api)).length === count,
    `${count} simulated hosts on the board`,
    {
      timeoutMs: 30_000,
      intervalMs: 250,
    },
  );
}
