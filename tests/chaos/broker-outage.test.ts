/**
 * The broker stopped under the real gateway and auth (separate processes): the gateway stays up,
 * its `/readyz` says degraded, an API call is answered 503 at once instead of waiting out the
 * request timeout, the live socket is closed and refused (1013) so no panel shows a quiet stream as
 * live, and everything answers again when the broker is back.
 *
 * The broker is a private nats-server started by this test (never the shared one), from
 * `NATS_SERVER_BIN`, `.dev-infra/bin/nats-server` (built by `infra/dev-infra.sh`) or the PATH
 * (JetStream needs 2.10+).
 */
import { freePort, infraEnv } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInAdmin } from '../support/people.ts';
import { PrivateBroker } from '../support/private-broker.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

/** The gateway's request timeout here: a stalled call would take this long and end in 504. */
const REQUEST_TIMEOUT_MS = 8000;

const broker = new PrivateBroker();
let stack: Stack;
let admin: Client;
/** The gateway's internal listener (`/readyz` is not on the public port). */
let internalPort = 0;

/** A signed-in live socket: the close code and reason when the gateway closes it, and whether it said hello. */
function liveSocket(client: Client) {
  const ws = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: client.sessionCookie },
  });
  let hello = false;
  ws.on('message', (m) => {
    if ((JSON.parse(String(m)) as { type: string }).type === 'hello') hello = true;
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  return { ws, closed, saidHello: () => hello };
}

const ready = async () => {
  const res = await fetch(`http://127.0.0.1:${internalPort}/readyz`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; checks: Record<string, string> },
  };
};

beforeAll(async () => {
  internalPort = await freePort();
  await broker.start();
  stack = await startStack({ ...infraEnv(), NATS_URL: broker.url }, ['auth', 'gateway'], {
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    INTERNAL_PORT: String(internalPort),
  });
  admin = await signInAdmin(stack);
});

afterAll(async () => {
  await stack?.stop();
  await broker.remove();
});

describe('the broker stopped', () => {
  it('answers 503 at once, says degraded, and recovers when the broker returns', async () => {
    expect((await admin.call('GET', '/api/users/me')).status).toBe(200);
    expect((await ready()).status).toBe(200);
    const live = liveSocket(admin);
    await stack.waitFor(live.saidHello, 'the live socket open');

    await broker.kill();
    // The live socket does not stay open looking live: closed with "try again later".
    expect(await live.closed).toEqual({
      code: 1013,
      reason: 'The message broker cannot be reached; the live stream resumes when it is back.',
    });
    await stack.waitFor(async () => (await ready()).status === 503, 'gateway degraded', {
      timeoutMs: 10_000,
    });
    expect(await ready()).toMatchObject({
      status: 503,
      body: { status: 'degraded', checks: { nats: 'not connected' } },
    });
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);

    // A new live socket is refused the same way while the broker is away.
    const refused = liveSocket(admin);
    expect((await refused.closed).code).toBe(1013);
    expect(refused.saidHello()).toBe(false);

    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const res = await admin.call('GET', '/api/users/me');
      // Not the 504 that waiting out the request timeout would give: refused before sending.
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/message broker cannot be reached/);
      expect(performance.now() - t0).toBeLessThan(REQUEST_TIMEOUT_MS);
    }

    await broker.start();
    await stack.waitFor(async () => (await ready()).status === 200, 'gateway ready again', {
      timeoutMs: 20_000,
    });
    await stack.waitFor(
      async () => (await admin.call('GET', '/api/users/me')).status === 200,
      'API answering again',
      { timeoutMs: 20_000 },
    );
    // And the live socket is let in again (the browser resumes each topic from where it stood).
    const back = liveSocket(admin);
    await stack.waitFor(back.saidHello, 'the live socket open again');
    back.ws.close();
  });
});
