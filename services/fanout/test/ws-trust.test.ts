/**
 * Who may open `/ws` on the fan-out (issue 9 §3, moved with the socket from the gateway): only a
 * signed-in user, from the console's own page (or no browser at all), and the socket ends with its
 * session. The real fan-out from app.ts reads the gateway's session cookie itself (same key,
 * same Redis sessions), on real NATS and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type LiveStack, startLiveStack } from './live-helpers.ts';

let stack: LiveStack;
beforeAll(async () => {
  // The periodic session check stays at its default (60 s): closing must not wait for it.
  stack = await startLiveStack();
});
afterAll(async () => stack?.close());

function open(cookie: string | null, origin?: string) {
  const headers = { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) };
  const ws = new WebSocket(stack.url, { headers });
  return new Promise<{ ws: WebSocket; status: number }>((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('error', reject);
  });
}

describe('/ws', () => {
  it('refuses a signed-out upgrade and greets a signed-in one', async () => {
    expect((await open(null)).status).toBe(401);
    const { cookie, userId } = await stack.session(['support']);
    const hello = await new Promise<{ type: string; user: { id: string } }>((resolve, reject) => {
      const ws = new WebSocket(stack.url, { headers: { cookie } });
      ws.on('message', (d) => {
        resolve(JSON.parse(String(d)));
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(hello).toMatchObject({ type: 'hello', user: { id: userId } });
  });

  it('refuses a token signed with another key', async () => {
    const { cookie } = await stack.session(['support']);
    const [name, token] = cookie.split('=');
    const [head, body] = (token ?? '').split('.');
    expect((await open(`${name}=${head}.${body}.AAAA`)).status).toBe(401);
  });
});

describe('live sockets and their session', () => {
  it('closes the sockets of a revoked session at once, with 4401', async () => {
    const { cookie, userId, store } = await stack.session(['support']);
    const { ws, status } = await open(cookie);
    expect(status).toBe(101);
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      ws.on('close', (code) => resolve({ code, at: Date.now() })),
    );
    const revokedAt = Date.now();
    await store.endAllFor(userId);
    // Generous for a loaded machine, far below the 60 s periodic check it used to wait for.
    const result = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    expect(result?.code).toBe(4401);
    console.log(`socket closed ${(result?.at ?? 0) - revokedAt} ms after its session was revoked`);
  });

  it('refuses an upgrade from another site’s page, and accepts the console’s own', async () => {
    const { cookie } = await stack.session(['support']);
    expect((await open(cookie, 'https://evil.example')).status).toBe(403);
    expect((await open(cookie, 'null')).status).toBe(403);
    const own = await open(cookie, `http://${new URL(stack.url).host}`);
    expect(own.status).toBe(101);
    own.ws.close();
  });
});
