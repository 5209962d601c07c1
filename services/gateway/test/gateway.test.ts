/**
 * The gateway on its own, against real NATS and Redis.
 *
 * Stand-in: the services behind the gateway are played by plain NATS responders written in this
 * file (a scripted peer on the real broker), so that each gateway rule can be observed in
 * isolation: what reaches NATS, with which identity, and what the browser gets back. The real
 * auth service behind the real gateway is covered in tests/integration/.
 */
import { SESSION_COOKIE, type ServiceReply, type ServiceRequest, subjects } from '@console/contracts';
import { natsAuth, SessionStore } from '@console/kit';
import { infraEnv, uniqueName } from '@console/kit/testing';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway } from './test-gateway.ts';

const prefix = uniqueName('gw');
const secret = 'test-secret-0123456789abcdefghijklmnop';
let app: FastifyInstance;
let nc: NatsConnection;
let redis: Redis;
let store: SessionStore;
const seen: ServiceRequest[] = [];
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000, aud: 'smarthome-console' });
const subs: Subscription[] = [];
/** A request from a fresh session of a user with these roles. */
const injectAs = async (roles: string[], method: 'GET' | 'POST', url: string, payload?: object) => {
  const { cookie } = await session(roles);
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
};
/** `GET /api/users/me` with a session cookie (`name=value`). */
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

function respond(operation: string, answer: (req: ServiceRequest) => ServiceReply | null) {
  const sub = nc.subscribe(subjects(prefix).api('auth', operation), { queue: 'auth' });
  subs.push(sub);
  void (async () => {
    for await (const m of sub) {
      const req = m.json<ServiceRequest>();
      seen.push(req);
      const reply = answer(req);
      if (reply) m.respond(JSON.stringify(reply));
    }
  })();
}

async function session(roles: string[], userId = '7') {
  const sid = await store.open({ userId, email: `u${userId}@x.test`, name: 'Tess', roles: roles as never });
  const token = sign({ sid, sub: userId });
  return { sid, cookie: `${SESSION_COOKIE}=${token}` };
}

beforeAll(async () => {
  const infra = infraEnv();
  app = await startTestGateway(prefix, secret, { JWT_TTL_SECONDS: '60', REQUEST_TIMEOUT_MS: '300' });
  nc = await connect({ servers: infra.NATS_URL, ...natsAuth() });
  redis = new Redis(infra.REDIS_URL);
  store = new SessionStore(redis, { idleSeconds: 600, absoluteSeconds: 3600 }, prefix);
  respond('me', (req) => ({ ok: true, data: { id: req.caller?.userId, name: req.caller?.name } }));
  respond('adminList', () => ({ ok: true, data: [] }));
  respond('login', () => ({
    ok: true,
    data: { user: { id: '9' } },
    session: { sessionId: 'abc', userId: '9' },
  }));
  respond('thingsList', () => null); // never answers: the timeout case
});

afterAll(async () => {
  for (const s of subs) s.unsubscribe();
  await nc?.drain();
  await app?.close();
  redis?.disconnect();
});

beforeEach(() => {
  seen.length = 0;
});

describe('who may call what', () => {
  it('refuses a signed-out call to a protected operation without touching NATS', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Please sign in.' });
    expect(seen).toHaveLength(0);
  });

  it('refuses an operation outside the caller’s roles before it reaches the service', async () => {
    const res = await injectAs(['support'], 'GET', '/api/admin/users');
    expect(res.statusCode).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('settles the role before looking at the input', async () => {
    const res = await injectAs(['support'], 'POST', '/api/admin/users', { bogus: 1 });
    expect(res.statusCode).toBe(403);
  });

  it('forwards an allowed call with the caller’s identity', async () => {
    const { cookie, sid } = await session(['admin'], '42');
    const res = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(seen[0]?.caller).toMatchObject({ userId: '42', roles: ['admin'], sessionId: sid });
  });
});

describe('session cookie', () => {
  it('sets an HttpOnly, SameSite=Strict cookie when a session opens', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/local',
      payload: { email: 'a@b.test', password: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const set = String(res.headers['set-cookie']);
    expect(set).toContain(`${SESSION_COOKIE}=`);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
  });

  it('rejects a tampered token and clears the cookie', async () => {
    const { cookie } = await session(['admin']);
    const [head, body, sig] = cookie.split('=')[1]?.split('.') ?? [];
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const res = await me(`${SESSION_COOKIE}=${head}.${forged}.${sig}`);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('rejects alg:none tokens', async () => {
    const { sid } = await session(['admin']);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sid, sub: '7', iat: now, exp: now + 60, aud: 'smarthome-console' })}.`;
    const res = await me(`${SESSION_COOKIE}=${token}`);
    expect(res.statusCode).toBe(401);
  });

  it('rejects a token signed with another key or for another audience', async () => {
    const { sid } = await session(['admin']);
    const other = createSigner({
      key: 'another-secret-another-secret-xx',
      expiresIn: 60_000,
      aud: 'smarthome-console',
    })({ sid, sub: '7' });
    const wrongAud = createSigner({ key: secret, expiresIn: 60_000, aud: 'elsewhere' })({ sid, sub: '7' });
    for (const token of [other, wrongAud]) {
      const res = await me(`${SESSION_COOKIE}=${token}`);
      expect(res.statusCode).toBe(401);
    }
  });

  it('renews an expired token while its session lives, and refuses it once the session ends', async () => {
    const { sid } = await session(['support']);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = createSigner({ key: secret, aud: 'smarthome-console' })({
      sid,
      sub: '7',
      iat: past,
      exp: past + 60,
    });
    const cookie = `${SESSION_COOKIE}=${expired}`;
    const renewed = await me(cookie);
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=ey`);
    await store.end(sid);
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
  });

  it('ends access at once when the server-side session is revoked', async () => {
    const { cookie } = await session(['support'], '55');
    expect((await me(cookie)).statusCode).toBe(200);
    await store.endAllFor('55');
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('when the service is not there', () => {
  it('answers 504 with "outcome unknown" when the service does not reply in time', async () => {
    const res = await injectAs(['support'], 'GET', '/api/things');
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/did not answer in time/);
  });

  it('answers 503 with a message a person understands when no instance is running', async () => {
    const res = await injectAs(['support'], 'GET', '/api/supportPlus/userAdmin/roles');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The auth service is not running right now; please try again shortly.');
  });
});

describe('input', () => {
  it('rejects unknown fields and malformed bodies with a 400 envelope', async () => {
    const extra = await app.inject({
      method: 'POST',
      url: '/auth/local',
      payload: { email: 'a@b.test', password: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const code = await app.inject({
      method: 'POST',
      url: '/auth/local/verify-code',
      payload: { attemptId: 'x'.repeat(43), code: '12ab56' },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(seen).toHaveLength(0);
  });

  it('lists every operation with its roles in the OpenAPI document', async () => {
    const { cookie } = await session(['support']);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json();
    expect(doc.paths['/api/admin/users'].get.description).toContain('Allowed: admin');
    expect(doc.paths['/auth/local'].post.description).toContain('Allowed: anyone');
  });
});

describe('/ws', () => {
  const upgrade = (path: string) =>
    new Promise<number>((resolve) => {
      const { port } = app.server.address() as { port: number };
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(0));
    });

  it('holds no socket itself: /ws needs a fan-out (503 while none runs), other paths are not sockets', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    // No fan-out under this test's prefix: discovery finds none (the gateway never accepts the socket).
    expect(await upgrade('/ws')).toBe(503);
    expect(await upgrade('/api/users/me')).toBe(404);
  });
});
