/**
 * More (or fewer) instances of one service beside a running console, from any shell:
 *
 *   node infra/scale.ts search +1     # starts search-2 (then search-3…), detached
 *   node infra/scale.ts search +2     # two more
 *   node infra/scale.ts search -1     # stops the newest one started here
 *   node infra/scale.ts               # lists what was started here
 *
 * The new instance gets the running console's settings (broker URL and users, stores, keys), which
 * `infra/run-services.ts` left in `.dev-infra/console-env.json` (`infra/console-env.ts`), not the
 * shell's: a plain shell's defaults would point it at another broker.
 * Each added instance runs under `infra/run-services.ts --only <service>`, which restarts it if it
 * crashes; its log goes to .dev-infra/logs/<service>-<n>.log. NATS spreads the requests over the
 * queue group at once, and the services view (Admin tools → Services) shows the new instance. A new
 * fan-out instance is found by the gateway's `$SRV` discovery within FANOUT_DISCOVERY_MS (5 s) and
 * takes its share of the new sockets (open ones stay where they are).
 * Only instances started by this script are stopped by it, by the process id it recorded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { alive, readConsoleEnv, stateDir } from './console-env.ts';

const root = resolve(import.meta.dirname, '..');
const state = stateDir();
const stateFile = resolve(state, 'scale.json');
const SCALABLE = ['auth', 'search', 'hub-control', 'stats', 'supervisor', 'simulator', 'fanout', 'gateway'];

type Added = { service: string; index: number; pid: number; started: string };

const load = (): Added[] =>
  existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Added[]).filter((a) => alive(a.pid))
    : [];
const save = (list: Added[]) => {
  mkdirSync(state, { recursive: true });
  writeFileSync(stateFile, JSON.stringify(list, null, 2));
};

const [service, change] = process.argv.slice(2);
const added = load();
if (!service) {
  if (!added.length) console.log('No instances added by infra/scale.ts are running.');
  for (const a of added) console.log(`${a.service}-${a.index}  pid ${a.pid}  since ${a.started}`);
  process.exit(0);
}
const count = /^[+-][1-9][0-9]?$/.test(change ?? '') ? Number(change) : 0;
if (!SCALABLE.includes(service) || count === 0) {
  console.error(`usage: infra/scale.ts <${SCALABLE.join('|')}> +N|-N`);
  process.exit(2);
}

if (count > 0) {
  const running = readConsoleEnv(state);
  if (!running) {
    console.error(
      'No running console found here (.dev-infra/console-env.json): start it with `bash infra/start.sh`, then scale it.',
    );
    process.exit(1);
  }
  // The console's own run-services holds instance 1 (and --scale more); added ones count from 2 up.
  const taken = new Set(added.filter((a) => a.service === service).map((a) => a.index));
  const logs = resolve(state, 'logs');
  mkdirSync(logs, { recursive: true });
  for (let n = 0; n < count; n++) {
    let index = 2;
    while (taken.has(index)) index++;
    taken.add(index);
    const logFile = resolve(logs, `${service}-${index}.log`);
    const log = openSync(logFile, 'a');
    const child = spawn(
      process.execPath,
      [resolve(root, 'infra/run-services.ts'), '--only', service, '--first', String(index)],
      // The console's settings over the shell's: the same broker, stores and keys as the console.
      { cwd: root, env: { ...process.env, ...running.env }, detached: true, stdio: ['ignore', log, log] },
    );
    child.unref();
    added.push({ service, index, pid: child.pid ?? 0, started: new Date().toISOString() });
    console.log(`started ${service}-${index} (pid ${child.pid}); log: ${logFile}`);
  }
  save(added);
} else {
  const mine = added.filter((a) => a.service === service).sort((x, y) => y.index - x.index);
  if (!mine.length) {
    console.error(`No added ${service} instance to stop (instance 1 belongs to the console's run-services).`);
    process.exit(1);
  }
  for (const newest of mine.slice(0, -count)) {
    process.kill(newest.pid, 'SIGTERM');
    added.splice(added.indexOf(newest), 1);
    console.log(`stopping ${service}-${newest.index} (pid ${newest.pid})`);
  }
  save(added);
}
