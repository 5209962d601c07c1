/**
 * A worker thread holding a share of the benchmark's websocket clients, so that the clients'
 * parsing is spread over cores rather than limiting both targets from one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { subjects } from '@console/contracts';
import { type BenchClient, centrifugeClient, gatewayClient, natsWsClient, Tally } from './fanout-clients.ts';

export interface WorkerSetup {
  kind: 'fanout' | 'nats-ws' | 'centrifuge';
  url: string;
  cookie: string;
  prefix: string;
  /** The topic (hub number) of each client this worker holds. */
  topics: number[];
}

export type WorkerReport = { received: number[]; latencies: Float64Array; closed: number; cpuMs: number };

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('fanout-worker runs as a worker thread');
const clients: BenchClient[] = [];
let cpu = process.cpuUsage();

for (let i = 0; i < setup.topics.length; i += 25) {
  const batch = setup.topics.slice(i, i + 25).map((topic) => {
    if (setup.kind === 'fanout') return gatewayClient(setup.url, setup.cookie, `hub:${topic}`, new Tally(-1));
    if (setup.kind === 'centrifuge') return centrifugeClient(setup.url, `hub:${topic}`, new Tally(-1));
    return natsWsClient(setup.url, subjects(setup.prefix).hubMsgAll(topic), new Tally(-1));
  });
  clients.push(...(await Promise.all(batch)));
}
port.postMessage({ ready: true });

port.on('message', (m: { step?: number; report?: boolean; close?: boolean }) => {
  if (m.step !== undefined) {
    for (const c of clients) c.tally = new Tally(m.step);
    cpu = process.cpuUsage();
  }
  if (m.report) {
    const latencies = Float64Array.from(clients.flatMap((c) => c.tally.latencies));
    const used = process.cpuUsage(cpu);
    const report: WorkerReport = {
      received: clients.map((c) => c.tally.received),
      latencies,
      closed: clients.filter((c) => c.closedWith !== null).length,
      cpuMs: (used.user + used.system) / 1000,
    };
    port.postMessage(report, [latencies.buffer]);
  }
  if (m.close) {
    for (const c of clients) c.close();
    port.close();
  }
});
