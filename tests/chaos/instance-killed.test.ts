/**
 * A search instance killed (SIGKILL, no goodbye) under a steady stream of requests through the real
 * gateway, with a second instance in the same NATS queue group (`search`) over the same world.
 *
 * It holds: no request is silently dropped. Every request is answered; those the dead instance
 * had taken and not answered come back as the gateway's 504 "did not answer in time; the outcome
 * is unknown" within its request timeout (a read the caller can simply retry), never a hang or a
 * connection error; no more fail than were in flight when it died; and from half a second after
 * the kill every request is answered 200 by the survivor (the broker drops the dead member of the
 * queue group as soon as its socket closes).
 */
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../support/people.ts';
import { type Client, spawnService } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

/** The gateway's request timeout here: the longest a request lost with the instance waits. */
const REQUEST_TIMEOUT_MS = 3000;
const WORKERS = 6;
const BEFORE_KILL_MS = 2500;
// Longer than the gateway timeout: a worker held by the dead instance gets its 504, then goes on.
const AFTER_KILL_MS = REQUEST_TIMEOUT_MS + 2500;

let stack: WorldStack;
let admin: Client;
let second: ChildProcess | null = null;
let secondPort = 0;

/** How many requests an instance has served, from its own metrics. */
async function served(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  let n = 0;
  for (const m of text.matchAll(/^console_endpoint_seconds_count\{[^}]*\} (\d+)/gm)) n += Number(m[1]);
  return n;
}

beforeAll(async () => {
  stack = await startWorldStack('kill', 12, 20, {
    index: 'always',
    env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
  });
  admin = await signInAdmin(stack);
  secondPort = await freePort();
  // The same service over the same world; it does not rebuild the index the first one built.
  second = spawnService(
    { ...stack.env, INDEX_ON_START: 'never' },
    'search',
    secondPort,
    'search-2',
    stack.logs,
  );
  await stack.waitFor(
    async () => (await fetch(`http://127.0.0.1:${secondPort}/readyz`).catch(() => null))?.status === 200,
    'the second search instance to be ready',
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}, 240_000);

afterAll(async () => {
  if (second && second.exitCode === null) second.kill('SIGKILL');
  await stack?.stop();
});

interface Outcome {
  start: number;
  end: number;
  status: number;
  message: string;
}

describe('a search instance killed under load', () => {
  it('loses no request: each is answered, 200 or a retryable 504, and the survivor takes over at once', async () => {
    const outcomes: Outcome[] = [];
    const paths = ['/api/supportPlus/overview', '/api/support/autocomplete/ana', '/api/support/finduser/a'];
    let stopAt = Number.POSITIVE_INFINITY;
    let inFlight = 0;
    const worker = async (w: number) => {
      for (let i = w; performance.now() < stopAt; i++) {
        const start = performance.now();
        inFlight++;
        try {
          const res = await admin.call('GET', paths[i % paths.length] as string);
          outcomes.push({
            start,
            end: performance.now(),
            status: res.status,
            message: res.status === 200 ? '' : String(res.json?.message),
          });
        } catch (err) {
          outcomes.push({ start, end: performance.now(), status: 0, message: String(err) });
        } finally {
          inFlight--;
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

    await new Promise((r) => setTimeout(r, BEFORE_KILL_MS));
    const servedBefore = await served(secondPort);
    const inFlightAtKill = inFlight;
    const killedAt = performance.now();
    (second as ChildProcess).kill('SIGKILL');
    stopAt = killedAt + AFTER_KILL_MS;
    await load;

    const failed = outcomes.filter((o) => o.status !== 200);
    const after = outcomes.filter((o) => o.start > killedAt + 500);
    console.log(
      `${outcomes.length} requests with ${WORKERS} in flight; the killed instance had served ${servedBefore}; ` +
        `${inFlightAtKill} in flight at the kill; ${failed.length} not 200: ` +
        failed.map((o) => `${o.status} after ${Math.round(o.end - o.start)} ms "${o.message}"`).join('; '),
    );

    // Both instances took part before the kill.
    expect(servedBefore).toBeGreaterThan(0);
    // Every request answered: 200, or the gateway's 504 naming the outcome unknown, within its timeout.
    for (const o of failed) {
      expect(o.status).toBe(504);
      expect(o.message).toMatch(/did not answer in time; the outcome is unknown/);
      expect(o.end - o.start).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
    }
    // Only what the dead instance held can be lost with it, and everything after the kill is served.
    expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((o) => o.status !== 200)).toEqual([]);
  });
});
