/**
 * Runs every console service as its own process, the way production runs them, with their log
 * lines prefixed. `--scale auth=2` starts more instances of one service: NATS spreads the
 * requests over the queue group, and `nats micro ls` shows each instance. `--only search` runs
 * just that service (one more instance beside a running console; `--first 2` numbers it search-2):
 * that is what `infra/scale.ts search +1` starts. An instance that exits is started again (after a
 * growing pause), never taking the others down.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { removeConsoleEnv, stateDir, writeConsoleEnv } from './console-env.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Every service the console has today, in start order; the gateway last, on the public port. The
 * fan-out instances take free ports: the gateway finds them by `$SRV` discovery and passes `/ws` on.
 */
const SERVICES = [
  'auth',
  'simulator',
  'hub-control',
  'search',
  'stats',
  'supervisor',
  'fanout',
  'gateway',
] as const;

function argValue(argv: string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  return at >= 0 ? (argv[at + 1] ?? '') : undefined;
}

function scaleFromArgs(argv: string[]): Map<string, number> {
  const only = argValue(argv, '--only')?.split(',');
  if (only?.some((name) => !(SERVICES as readonly string[]).includes(name))) {
    console.error(`--only takes service names separated by commas, of: ${SERVICES.join(', ')}`);
    process.exit(2);
  }
  const scale = new Map<string, number>(SERVICES.filter((s) => !only || only.includes(s)).map((s) => [s, 1]));
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--scale') continue;
    // `--scale search=2 --scale hub-control=2` or `--scale search=2,hub-control=2`.
    for (const part of (argv[i + 1] ?? '').split(',')) {
      const [name, count] = part.split('=');
      if (!name || !scale.has(name) || !/^[1-9][0-9]?$/.test(count ?? '')) {
        console.error(`--scale takes <service>=<1..99>[,<service>=<n>…], of: ${SERVICES.join(', ')}`);
        process.exit(2);
      }
      scale.set(name, Number(count));
    }
  }
  return scale;
}

/** The environment of a process connecting as broker user `user`, when the broker has users. */
const brokerUser = (user: string): Record<string, string> =>
  process.env.NATS_AUTH_DIR
    ? {
        NATS_USER: user,
        NATS_PASSWORD: '',
        NATS_PASSWORD_FILE: resolve(process.env.NATS_AUTH_DIR, `${user}.pass`),
      }
    : {};

const GATEWAY_PORT = Number(process.env.PORT ?? 8080);
const children: ChildProcess[] = [];
let stopping = false;

function start(service: string, index: number) {
  const tag = `${service}#${index}`.padEnd(10);
  const child = spawn(process.execPath, [resolve(root, `services/${service}/src/server.ts`)], {
    cwd: root,
    env: {
      ...process.env,
      INSTANCE_ID: `${service}-${index}`,
      // Each service's compiled modules, kept between runs (written as a service exits): a service
      // started from it never loads Node's TypeScript stripper (~20 MB; docs/benchmarks.md).
      NODE_COMPILE_CACHE: resolve(root, 'node_modules/.cache/node-compile'),
      // As the Helm chart runs the fan-out: the young generation capped (values.yaml).
      ...(service === 'fanout'
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=8`.trim() }
        : {}),
      // Each component connects as its own broker user (infra/nats-auth.sh), not as `tests`.
      ...brokerUser(service),
      // PORT is the console's (the gateway's) port; the other services pick free ones.
      PORT: service === 'gateway' ? String(GATEWAY_PORT + index - 1) : '0',
      // The simulator runs the demo world's hubs and links (the same seed and size the seed script loaded).
      ...(service === 'simulator'
        ? {
            FLEET: process.env.FLEET ?? 'world',
            SIM_SEED: process.env.DEMO_SEED ?? '1',
            WORLD_CUSTOMERS: process.env.DEMO_CUSTOMERS ?? '2000',
            SIM_HUBS: process.env.SIM_HUBS ?? '10000',
            SIM_WFLS: process.env.SIM_WFLS ?? '2000',
          }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag} ${line}\n`));
  }
  const startedAt = Date.now();
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (stopping) return;
    // A crash restarts this instance alone; one that keeps crashing waits longer each time.
    const pause = Date.now() - startedAt > 60_000 ? 1000 : Math.min(30_000, (backoff.get(tag) ?? 500) * 2);
    backoff.set(tag, pause);
    console.error(`${tag} exited (${signal ?? code}); starting it again in ${pause / 1000} s`);
    setTimeout(() => {
      if (!stopping) start(service, index);
    }, pause).unref();
  });
  children.push(child);
}

const backoff = new Map<string, number>();

/** services/kit/src/prepare-streams.ts as the `streams` user (when the broker has users), to its end. */
async function prepareStreams() {
  const child = spawn(process.execPath, [resolve(root, 'services/kit/src/prepare-streams.ts')], {
    cwd: root,
    env: { ...process.env, ...brokerUser('streams') },
    stdio: 'inherit',
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) {
    console.error('the streams could not be prepared (services/kit/src/prepare-streams.ts)');
    process.exit(1);
  }
}

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (!only) removeConsoleEnv(stateDir());
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))),
  ).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const scale = scaleFromArgs(process.argv.slice(2));
// The console's own run (not one more instance beside it): leave its settings where
// `infra/scale.ts` finds them, so a plain shell can add instances to this console.
const only = argValue(process.argv.slice(2), '--only') !== undefined;
if (!only) writeConsoleEnv(stateDir(), process.env);
const first = Number(argValue(process.argv.slice(2), '--first') ?? '1');
// The streams first, as the broker's stream administrator: the services only check theirs.
await prepareStreams();
for (const [service, count] of scale) {
  for (let i = first; i < first + count; i++) start(service, i);
}
// Alive while instances run or wait to be started again; SIGINT/SIGTERM stop them all.
setInterval(() => undefined, 60_000);
if (scale.has('gateway')) {
  console.log(`\nThe console is starting on http://127.0.0.1:${GATEWAY_PORT}/ (API docs at /api/docs).`);
  console.log(`Captured e-mail (one-time codes): ${process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025'}/\n`);
}
