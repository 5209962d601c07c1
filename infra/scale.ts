/**
 * One more (or one fewer) instance of one service beside a running console:
 *
 *   node infra/scale.ts search +1     # starts search-2 (then search-3…), detached
 *   node infra/scale.ts search -1     # stops the newest one started here
 *   node infra/scale.ts               # lists what was started here
 *
 * Each added instance runs under `infra/run-services.ts --only <service>`, which restarts it if it
 * crashes; its log goes to .dev-infra/logs/<service>-<n>.log. NATS spreads the requests over the
 * queue group at once, and the services view (Admin tools → Services) shows the new instance.
 * Only instances started by this script are stopped by it, by the process id it recorded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const stateFile = resolve(root, '.dev-infra/scale.json');
const SCALABLE = ['auth', 'search', 'hub-control', 'supervisor', 'simulator', 'gateway'];

type Added = { service: string; index: number; pid: number; started: string };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const load = (): Added[] =>
  existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Added[]).filter((a) => alive(a.pid))
    : [];
const save = (list: Added[]) => {
  mkdirSync(resolve(root, '.dev-infra'), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(list, null, 2));
};

const [service, change] = process.argv.slice(2);
const added = load();
if (!service) {
  if (!added.length) console.log('No instances added by infra/scale.ts are running.');
  for (const a of added) console.log(`${a.service}-${a.index}  pid ${a.pid}  since ${a.started}`);
  process.exit(0);
}
if (!SCALABLE.includes(service) || (change !== '+1' && change !== '-1')) {
  console.error(`usage: infra/scale.ts <${SCALABLE.join('|')}> +1|-1`);
  process.exit(2);
}

if (change === '+1') {
  // The console's own run-services holds instance 1 (and --scale more); added ones count from 2 up.
  const taken = new Set(added.filter((a) => a.service === service).map((a) => a.index));
  let index = 2;
  while (taken.has(index)) index++;
  mkdirSync(resolve(root, '.dev-infra/logs'), { recursive: true });
  const log = openSync(resolve(root, `.dev-infra/logs/${service}-${index}.log`), 'a');
  const child = spawn(
    process.execPath,
    [resolve(root, 'infra/run-services.ts'), '--only', service, '--first', String(index)],
    { cwd: root, env: process.env, detached: true, stdio: ['ignore', log, log] },
  );
  child.unref();
  save([...added, { service, index, pid: child.pid ?? 0, started: new Date().toISOString() }]);
  console.log(`started ${service}-${index} (pid ${child.pid}); log: .dev-infra/logs/${service}-${index}.log`);
} else {
  const mine = added.filter((a) => a.service === service).sort((x, y) => y.index - x.index);
  const newest = mine[0];
  if (!newest) {
    console.error(`No added ${service} instance to stop (instance 1 belongs to the console's run-services).`);
    process.exit(1);
  }
  process.kill(newest.pid, 'SIGTERM');
  save(added.filter((a) => a !== newest));
  console.log(`stopping ${service}-${newest.index} (pid ${newest.pid})`);
}
