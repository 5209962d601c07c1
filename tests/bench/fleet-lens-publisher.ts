/**
 * The fleet-lens benchmark's hub traffic, in a worker thread of its own: hub message events shaped
 * as the simulator publishes them (`HubMessageEvent` on `hub.<id>.msg.<direction>.<class>.<op>`)
 * from `hubs` simulated hubs at `rate` a second, in 10 ms slices. On `burst` it also sends that
 * many `bench-burst` error logs (the one query whose exact count is known), spread over the
 * following second. Reports what it sent when told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { subjects } from '@console/contracts';
import { connect } from '@nats-io/transport-node';

export interface PublisherSetup {
  natsUrl: string;
  prefix: string;
  hubs: number;
  rate: number;
}
export type PublisherCommand = { type: 'burst'; count: number } | { type: 'stop' };
export type PublisherReport = { type: 'stopped'; sent: number; bursts: number; seconds: number };

const setup = workerData as PublisherSetup;
const s = subjects(setup.prefix);
const nc = await connect({ servers: setup.natsUrl });
const KINDS = [
  ['notification', 'feature', 'event'],
  ['notification', 'feature', 'event'],
  ['notification', 'device', 'status'],
  ['notification', 'log', 'add'],
  ['request', 'feature', 'write'],
  ['response', 'feature', 'write'],
  ['request', 'system', 'read'],
  ['response', 'system', 'read'],
] as const;
const CLIENT_TYPES = ['link2', 'user', 'agent', 'server', 'admin'] as const;
const BASE_HUB = 3_161_000_000;
let n = 0;
let sent = 0;
let bursts = 0;
let burstLeft = 0;
let burstPerSlice = 0;

function event(hubId: number, k: (typeof KINDS)[number], burst: boolean): string {
  const [direction, cls, operation] = burst ? (['notification', 'log', 'add'] as const) : k;
  const failed = !burst && n % 23 === 0;
  const item = burst
    ? { itemId: 0, payload: { level: 'error', message: 'bench-burst', group: 'system' }, success: true }
    : {
        itemId: 0,
        payload: { featureId: `${hubId}-${n % 37}`, value: n % 100 },
        success: !failed,
        ...(failed ? { error: { code: n % 2 ? 'sync' : 'timeout' } } : {}),
      };
  return JSON.stringify({
    version: '1.0',
    transactionId: n,
    senderId: String(hubId),
    direction,
    class: cls,
    operation,
    items: [item],
    hubId,
    clientType: direction === 'notification' ? 'link2' : CLIENT_TYPES[n % CLIENT_TYPES.length],
    at: Date.now(),
  });
}

function publishOne(burst: boolean) {
  n += 1;
  // Random hubs: a hub's messages are not tied to the kinds' order.
  const hubId = BASE_HUB + Math.floor(Math.random() * setup.hubs);
  const k = KINDS[n % KINDS.length] as (typeof KINDS)[number];
  const [direction, cls, operation] = burst ? (['notification', 'log', 'add'] as const) : k;
  nc.publish(s.hubMsg(hubId, direction, cls, operation), event(hubId, k, burst));
  sent += 1;
}

const started = performance.now();
let due = 0;
let last = started;
// By the time elapsed, not the ticks: a late timer on a loaded machine sends its backlog.
const timer = setInterval(() => {
  const now = performance.now();
  due += (setup.rate * (now - last)) / 1000;
  last = now;
  const whole = Math.floor(due);
  due -= whole;
  for (let i = 0; i < whole; i++) publishOne(false);
  const b = Math.min(burstLeft, burstPerSlice);
  for (let i = 0; i < b; i++) publishOne(true);
  burstLeft -= b;
  bursts += b;
}, 10);

parentPort?.on('message', async (cmd: PublisherCommand) => {
  if (cmd.type === 'burst') {
    burstLeft += cmd.count;
    burstPerSlice = Math.max(1, Math.ceil(cmd.count / 100));
    return;
  }
  clearInterval(timer);
  // What is left of a burst goes out before the report.
  while (burstLeft > 0) {
    publishOne(true);
    burstLeft -= 1;
    bursts += 1;
  }
  await nc.flush();
  await nc.close();
  const report: PublisherReport = {
    type: 'stopped',
    sent,
    bursts,
    seconds: (performance.now() - started) / 1000,
  };
  parentPort?.postMessage(report);
});
