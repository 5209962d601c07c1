/**
 * Issue 31: the gateway holds no websocket; it passes `/ws` upgrades to the fan-out service
 * (services/fanout), which reads the session itself. Several fan-out instances run at once, each
 * holding its own sockets: a second instance started beside a running stack is found by the
 * gateway's `$SRV` discovery and serves new sockets too. Real auth, gateway and fan-out processes
 * on the real broker and Redis; the sockets are the `ws` client a browser's socket is checked with.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { natsAuth } from '@console/kit';
import { freePort, infraEnv } from '@console/kit/testing';
import { connect as natsConnect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../support/people.ts';
import { type Client, type Stack, spawnService, startStack } from '../support/stack.ts';
import { WsClient } from '../support/ws-client.ts';

let stack: Stack;
let admin: Client;
let second: ChildProcess | null = null;
let secondPort = 0;
const sockets: WsClient[] = [];

/** The fan-out instances `$SRV` knows under this stack's prefix (what `nats micro ls` lists), by their /ws address. */
async function registered(): Promise<string[]> {
  const nc = await natsConnect({ servers: stack.env.NATS_URL?.split(',') ?? [], ...natsAuth() });
  try {
    const urls: string[] = [];
    const answers = await nc.requestMany('$SRV.INFO.fanout', '', {
      strategy: 'stall',
      maxWait: 2000,
      stall: 300,
    });
    for await (const m of answers) {
      const info = m.json<{ metadata?: Record<string, string> }>();
      if (info.metadata?.prefix === stack.prefix) urls.push(info.metadata?.url ?? '');
    }
    return urls.sort();
  } finally {
    await nc.close();
  }
}

/** The sockets one fan-out instance holds now, from its own /metrics. */
async function socketsOn(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('console_live_sockets'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

beforeAll(async () => {
  // Discovery looked up often, so the second instance is found within the test's patience.
  stack = await startStack(infraEnv(), ['auth', 'gateway'], { FANOUT_DISCOVERY_MS: '300' });
  admin = await signInAdmin(stack);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  if (second && second.exitCode === null) {
    const exited = new Promise((r) => second?.once('exit', r));
    second.kill('SIGTERM');
    await exited;
  }
  await stack?.stop();
});

describe('/ws through the gateway', () => {
  it('reaches the fan-out process, which greets the signed-in user and answers the live protocol', async () => {
    expect(stack.ports.fanout).toBeGreaterThan(0);
    const before = await socketsOn(stack.ports.fanout as number);
    const ws = await WsClient.open(stack, admin);
    sockets.push(ws);
    const hello = ws.frames.find((f) => f.type === 'hello') as { user?: { name?: string } };
    expect(hello.user?.name).toBe('Ada Admin');
    ws.send({ type: 'ping', id: 7 });
    await ws.next((f) => f.type === 'pong' && f.id === 7, 'pong 7');
    // The socket is the fan-out's, not the gateway's.
    expect(await socketsOn(stack.ports.fanout as number)).toBe(before + 1);
  });

  it('passes the fan-out’s refusal of a signed-out upgrade back through the gateway (401)', async () => {
    const port = Number(new URL(stack.url).port);
    const statusLine = await new Promise<string>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => {
        s.write(
          'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
      });
      s.once('data', (d) => {
        resolve(String(d).split('\r\n')[0] ?? '');
        s.destroy();
      });
      s.once('error', reject);
    });
    expect(statusLine).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('sends new sockets to a second fan-out instance too, once it runs', async () => {
    secondPort = await freePort();
    second = spawnService(stack.env, 'fanout', secondPort, 'fanout-test-2', stack.logs);
    await stack.waitFor(
      async () => (await fetch(`http://127.0.0.1:${secondPort}/readyz`).catch(() => null))?.ok === true,
      'the second fan-out ready',
    );
    // Both registered in $SRV as `fanout`, each with the address of its own /ws.
    await stack.waitFor(async () => (await registered()).length === 2, 'two fan-out instances in $SRV');
    expect(await registered()).toEqual([`127.0.0.1:${stack.ports.fanout}`, `127.0.0.1:${secondPort}`].sort());
    const firstBefore = await socketsOn(stack.ports.fanout as number);
    // Round robin over the instances discovery found: after a few sockets, both have new ones.
    await stack.waitFor(
      async () => {
        const ws = await WsClient.open(stack, admin);
        sockets.push(ws);
        return (await socketsOn(secondPort)) > 0;
      },
      'a socket on the second fan-out',
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    for (let i = 0; i < 4; i++) sockets.push(await WsClient.open(stack, admin));
    const onSecond = await socketsOn(secondPort);
    const onFirst = (await socketsOn(stack.ports.fanout as number)) - firstBefore;
    expect(onSecond).toBeGreaterThanOrEqual(2);
    expect(onFirst).toBeGreaterThanOrEqual(2);
    // Every socket, wherever it landed, is live: each answers a ping.
    for (const [i, ws] of sockets.entries()) {
      ws.send({ type: 'ping', id: 100 + i });
      await ws.next((f) => f.type === 'pong' && f.id === 100 + i, `pong ${100 + i}`);
    }
  });

  it('keeps serving when the second instance stops: its sockets close, new ones go to the first', async () => {
    const exited = new Promise((r) => second?.once('exit', r));
    second?.kill('SIGTERM');
    await exited;
    const ws = await WsClient.open(stack, admin);
    sockets.push(ws);
    ws.send({ type: 'ping', id: 999 });
    await ws.next((f) => f.type === 'pong' && f.id === 999, 'pong 999');
  });
});
