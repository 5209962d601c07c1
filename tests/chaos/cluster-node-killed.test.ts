/**
 * One node of a three-node NATS cluster (JetStream, both streams R3: `NATS_STREAM_REPLICAS=3`)
 * killed with SIGKILL under load: hub actions through the real gateway, hub-control and the
 * simulator's hubs, and hub messages stored with acknowledged publishes. The node killed is the
 * AUDIT stream's leader (the hardest case: the stream elects another while actions are recorded).
 *
 * It holds: every action answered 200 (accepted) has its transaction in Mongo afterwards (written
 * from the AUDIT stream by hub-control's audit writer); every action not answered 200 got a clear
 * error; every hub message whose publish JetStream acknowledged is still in the hub stream, unchanged;
 * and the killed node, started again, catches up.
 *
 * The cluster comes from `infra/dev-infra.sh cluster` (ports from DEV_INFRA_NATS_CLUSTER_PORT,
 * default 4241…4243) and is stopped with `cluster-down` at the end.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { streamNames, subjects } from '@console/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin } from '../support/people.ts';
import type { Client } from '../support/stack.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const WORKERS = 4;
const BEFORE_KILL_MS = 3000;
// Longer than the gateway's 10 s wait: a request whose answer was on the killed node's connection
// ends as a 504 only then, and its worker must still have time to be accepted again after it.
const AFTER_KILL_MS = 14_000;

let stack: HubStack;
let admin: Client;
let pidFiles: Record<string, string> = {};

/** `infra/dev-infra.sh cluster`: starts the nodes not running; its KEY=value lines. */
async function cluster(command: 'cluster' | 'cluster-down'): Promise<Record<string, string>> {
  const { stdout } = await run('bash', [resolve(root, 'infra/dev-infra.sh'), command], {
    cwd: root,
    timeout: 180_000,
  });
  return Object.fromEntries(
    stdout
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** The answer of `f`, asked again (for up to 20 s) while the cluster is still settling. */
async function settled<T>(f: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await f();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

beforeAll(async () => {
  const env = await cluster('cluster');
  const url = env.NATS_CLUSTER_URL as string;
  pidFiles = Object.fromEntries(
    [1, 2, 3].map((n) => [`dev-infra-${n}`, env[`NATS_CLUSTER_PID_${n}`] as string]),
  );
  stack = await startHubStack({
    hubs: 4,
    seed: 21,
    env: { NATS_URL: url, NATS_STREAM_REPLICAS: '3', HUB_TIMEOUT_MS: '4000' },
  });
  admin = await signInAdmin(stack);
  const jsm = await jetstreamManager(stack.nc);
  // The hub and audit streams (this stack runs no stats service, so no REPORTS stream).
  const names = streamNames(stack.prefix);
  for (const name of [names.hubMsgs, names.audit])
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(3);
  await stack.waitFor(
    async () =>
      (
        await Promise.all(
          stack.fleet.map(
            async (h) =>
              (
                await admin.call('POST', '/api/supportPlus/socket/system-read', { linkId: h.hubId })
              ).status,
          ),
        )
      ).every((s) => s === 200),
    'every hub answering',
    { timeoutMs: 30_000, intervalMs: 300 },
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await cluster('cluster-down').catch(() => undefined);
});

describe('a NATS node killed under load (three nodes, R3)', () => {
  it('loses no accepted hub action and no stored hub message', async () => {
    const jsm = await jetstreamManager(stack.nc);
    const js = jetstream(stack.nc);
    const names = streamNames(stack.prefix);
    const leader = (await jsm.streams.info(names.audit)).cluster?.leader as string;
    expect(pidFiles[leader]).toBeDefined();

    const accepted: { transactionId: number; hubId: number; at: number }[] = [];
    const storedAt: number[] = [];
    const refused: string[] = [];
    const stored = new Map<number, string>();
    let publishFailures = 0;
    let stop = false;
    const actions = async (w: number) => {
      for (let i = w; !stop; i++) {
        const hubId = stack.fleet[i % stack.fleet.length]?.hubId as number;
        const res = await admin.call('POST', '/api/supportPlus/socket/system-read', { linkId: hubId });
        if (res.status === 200)
          accepted.push({ transactionId: res.json.transactionId, hubId, at: performance.now() });
        else refused.push(`${res.status} ${res.json?.message}`);
      }
    };
    // Over 100 subjects: the hub stream keeps 2,000 messages per subject (by design), and this
    // publisher sends thousands.
    const hub = stack.fleet[0]?.hubId as number;
    const hubSubject = (i: number) =>
      subjects(stack.prefix).hubMsg(hub, 'notification', 'log', `add${i % 100}`);
    const publisher = async () => {
      for (let i = 0; !stop; i++) {
        const body = JSON.stringify({ n: i, message: `stored ${i}` });
        try {
          const ack = await js.publish(hubSubject(i), body, { timeout: 2000 });
          stored.set(ack.seq, body);
          storedAt.push(performance.now());
        } catch {
          // Not acknowledged: the publisher knows it was not stored (and may send it again).
          publishFailures++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const load = Promise.all([...Array.from({ length: WORKERS }, (_, w) => actions(w)), publisher()]);

    await new Promise((r) => setTimeout(r, BEFORE_KILL_MS));
    const acceptedBefore = accepted.length;
    const storedBefore = stored.size;
    const killedAt = performance.now();
    process.kill(Number(readFileSync(pidFiles[leader] as string, 'utf8').trim()), 'SIGKILL');
    await new Promise((r) => setTimeout(r, AFTER_KILL_MS));
    stop = true;
    await load;
    // The test's own connection may have been on the killed node: its requests wait for the reconnect.
    const newLeader = await settled(async () => (await jsm.streams.info(names.audit)).cluster?.leader);
    const gap = (times: number[]) => {
      const first = times.find((t) => t > killedAt);
      return first === undefined ? 'none since' : `${((first - killedAt) / 1000).toFixed(1)} s`;
    };
    console.log(
      `first accepted action after the kill: ${gap(accepted.map((a) => a.at))}, first stored message: ${gap(storedAt)}; ` +
        `killed ${leader} (the AUDIT leader; now ${newLeader}): ${accepted.length} actions accepted ` +
        `(${acceptedBefore} before the kill), ${refused.length} refused [${[...new Set(refused)].join(' | ')}]; ` +
        `${stored.size} hub messages acknowledged (${storedBefore} before), ${publishFailures} publishes not acknowledged`,
    );
    expect(accepted.length).toBeGreaterThan(acceptedBefore);
    expect(stored.size).toBeGreaterThan(storedBefore);
    for (const r of refused) expect(r).toMatch(/^5\d\d .{20,}/);

    // Every accepted action reaches Mongo through the AUDIT stream.
    const transactions = stack.mongo.db.collection('transactions');
    const missing = async () => {
      const ids = accepted.map((a) => a.transactionId);
      const found = await transactions
        .find({ transactionId: { $in: ids } }, { projection: { transactionId: 1 } })
        .toArray();
      const have = new Set(found.map((f) => f.transactionId));
      return ids.filter((id) => !have.has(id));
    };
    let stillMissing: number[] = [];
    await stack.waitFor(
      async () => {
        stillMissing = await missing();
        return stillMissing.length === 0;
      },
      'every accepted action in Mongo',
      { timeoutMs: 60_000, intervalMs: 500, detail: () => `missing: ${stillMissing.join(', ')}` },
    );

    // Every acknowledged hub message is still stored, unchanged: read back in one pass over the
    // hub's subjects (an ordered consumer, through whichever node the connection is on now).
    const kept = new Map<number, string>();
    const reader = await settled(() =>
      js.consumers.get(names.hubMsgs, { filter_subjects: [subjects(stack.prefix).hubMsgAll(hub)] }),
    );
    const last = Math.max(...stored.keys());
    for await (const m of await reader.consume({ expires: 5000 })) {
      kept.set(m.seq, m.string());
      if (m.seq >= last || m.info.pending === 0) break;
    }
    const lost = [...stored].filter(([seq, body]) => kept.get(seq) !== body).map(([seq]) => seq);
    expect(lost).toEqual([]);

    // The killed node comes back and the streams have three current replicas again.
    await cluster('cluster');
    await stack.waitFor(
      async () => {
        const info = await jsm.streams.info(names.hubMsgs);
        return (info.cluster?.replicas ?? []).filter((r) => r.current).length === 2;
      },
      'the restarted node to catch up',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });
});
