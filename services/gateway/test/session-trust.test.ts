import { SESSION_COOKIE } from '@console/contracts';
import { freePort } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGateway, startScriptedGateway } from './scripted-gateway.ts';

// Issue 9 §3: the session JWT lives as configured, and what helps an attacker (metrics, readiness,
// the API map) is not public. Sockets ending with their session and `/ws` checking Origin are the
// fan-out's (services/fanout/test/ws-trust.test.ts).
let g: ScriptedGateway;
let base: string;
let internalPort: number;

beforeAll(async () => {
  // The periodic session check stays at its default (60 s): closing must not wait for it.
  internalPort = await freePort();
  g = await startScriptedGateway({ JWT_TTL_SECONDS: '300', INTERNAL_PORT: String(internalPort) });
  g.respond('auth.login', () => ({
    ok: true,
    data: { user: { id: '9' } },
    session: { sessionId: 'sid-9', userId: '9' },
  }));
  await g.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(g.app.server.address() as { port: number }).port}`;
});
afterAll(async () => g?.close());

describe('the session token', () => {
  it('lives JWT_TTL_SECONDS, not a thousand times that', async () => {
    const res = await g.app.inject({
      method: 'POST',
      url: '/auth/local',
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    const claims = JSON.parse(Buffer.from(String(cookie?.value).split('.')[1] ?? '', 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(300);
  });
});

describe('what the public port shows a stranger', () => {
  it('answers /metrics and /readyz only on the internal listener', async () => {
    for (const path of ['/metrics', '/readyz', '/%6Detrics', '/readyz/']) {
      expect((await fetch(`http://${base}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`http://${base}/healthz`)).status).toBe(200);
    const internal = { port: internalPort };
    const metrics = await fetch(`http://127.0.0.1:${internal.port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/process_cpu_seconds_total/);
    expect((await fetch(`http://127.0.0.1:${internal.port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${internal.port}/api/users/me`)).status).toBe(404);
  });

  it('shows the API documentation to signed-in staff only', async () => {
    expect((await fetch(`http://${base}/api/docs/json`)).status).toBe(401);
    expect((await fetch(`http://${base}/api/docs`)).status).toBe(401);
    const { cookie } = await g.session(['support'], '33');
    const doc = await fetch(`http://${base}/api/docs/json`, { headers: { cookie } });
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { paths: Record<string, unknown> }).paths['/auth/local']).toBeDefined();
  });
});
