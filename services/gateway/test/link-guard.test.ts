/**
 * The gateway's /link/* guard (issue 29 §5) against real NATS (the audit stream) and Redis (the
 * counters).
 *
 * Stand-in: the third-party link service is a plain HTTP server written in this file that takes
 * one password for every customer, as infra/link-cloud does; what is under test is the gateway's
 * role check, rate limit and audit in front of it.
 */
import { createServer, type Server } from 'node:http';
import { SESSION_COOKIE } from '@console/contracts';
import { ensureStreams, natsAuth, removeStreams, SessionStore } from '@console/kit';
import { infraEnv, storedAuditEvents, uniqueName } from '@console/kit/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from './test-gateway.ts';

const prefix = uniqueName('gwlink');
const secret = 'link-secret-0123456789abcdefghijklmnop';
const PASSWORD = 'the-right-one';
const LOGIN = '/link/v2/lightwave/autouserlogin/lwapps';
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000, aud: 'smarthome-console' });
let app: FastifyInstance;
let cloud: Server;
let nc: NatsConnection;
let redis: Redis;
let store: SessionStore;
let nextId = 100;

interface Audit {
  customer: string;
  outcome: string;
  status: number;
  staff: { userId: string };
}

async function staff(roles: string[]) {
  const userId = String(nextId++);
  const sid = await store.open({ userId, email: `u${userId}@x.test`, name: 'Tess', roles: roles as never });
  return { userId, cookie: `${SESSION_COOKIE}=${sign({ sid, sub: userId })}` };
}

const tryPassword = (cookie: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: LOGIN, headers: { cookie }, payload: { email, password, version: '1' } });

beforeAll(async () => {
  cloud = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { email, password } = JSON.parse(body || '{}') as { email?: string; password?: string };
      const ok = password === PASSWORD;
      // As infra/link-cloud: a form without username or password is a 400, a wrong password a 401.
      const status = !email || !password ? 400 : ok ? 200 : 401;
      res.writeHead(status, { 'content-type': 'application/json' });
      const answer =
        status === 400
          ? { message: 'username & pw required for this method' }
          : ok
            ? { tokens: { access_token: 'tok' } }
            : { message: 'Error' };
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => cloud.listen(0, '127.0.0.1', r));
  const { port } = cloud.address() as { port: number };
  const infra = infraEnv();
  nc = await connect({ servers: infra.NATS_URL, ...natsAuth() });
  await ensureStreams(nc, prefix);
  app = await startTestGateway(prefix, secret, { LINK_CLOUD_URL: `http://127.0.0.1:${port}` });
  redis = new Redis(infra.REDIS_URL);
  store = new SessionStore(redis, { idleSeconds: 600, absoluteSeconds: 3600 }, prefix);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await removeStreams(nc, prefix).catch(() => undefined);
  await nc?.drain();
  redis?.disconnect();
  await new Promise((r) => cloud?.close(r));
});

describe('/link/* customer-password check', () => {
  it('answers 429 with the wait from the 6th wrong password in a minute, and audits every try', async () => {
    const sue = await staff(['support']);
    const customer = `${prefix}-cust@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await tryPassword(sue.cookie, customer, `wrong-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const blocked = await tryPassword(sue.cookie, customer, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(blocked.json().message).toBe(`Too many tries; wait ${wait} s.`);

    const audits = (await storedAuditEvents<Audit>(nc, prefix, 'third-party-login')).filter(
      (a) => a.customer === customer,
    );
    expect(audits.map((a) => a.outcome)).toEqual([
      ...Array(5).fill('wrong-password'),
      'too-many',
      'too-many',
    ]);
    for (const a of audits) expect(a.staff.userId).toBe(sue.userId);
  });

  it('limits per customer across staff members, and per staff member across customers', async () => {
    const customer = `${prefix}-shared@example.test`;
    const [a, b] = [await staff(['support']), await staff(['support'])];
    for (let i = 0; i < 5; i++) await tryPassword(a.cookie, customer, 'nope');
    // Another colleague on the same customer is stopped too: the customer's password is the prize.
    expect((await tryPassword(b.cookie, customer, 'nope')).statusCode).toBe(429);
    // One staff member spraying many customers is stopped at the same count.
    const c = await staff(['support']);
    const spray: number[] = [];
    for (let i = 0; i < 6; i++)
      spray.push((await tryPassword(c.cookie, `${prefix}-spray${i}@example.test`, 'nope')).statusCode);
    expect(spray).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('lets the right password through (audited as signed in), and successes do not count against anyone', async () => {
    const sue = await staff(['support']);
    const customer = `${prefix}-often@example.test`;
    for (let i = 0; i < 7; i++) {
      const r = await tryPassword(sue.cookie, customer, PASSWORD);
      expect(r.statusCode, `sign-in ${i + 1}`).toBe(200);
      expect(r.json()).toEqual({ tokens: { access_token: 'tok' } });
    }
    const audits = (await storedAuditEvents<Audit>(nc, prefix, 'third-party-login')).filter(
      (a) => a.customer === customer,
    );
    expect(audits).toHaveLength(7);
    expect(new Set(audits.map((a) => a.outcome))).toEqual(new Set(['signed-in']));
  });

  it('does not count a form sent without a password (nothing was judged)', async () => {
    const sue = await staff(['support']);
    const customer = `${prefix}-empty@example.test`;
    for (let i = 0; i < 6; i++) {
      const r = await app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { cookie: sue.cookie },
        payload: { email: customer, version: '1' },
      });
      expect(r.statusCode, `empty form ${i + 1}`).toBe(400);
    }
    expect((await tryPassword(sue.cookie, customer, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a role-less account (403) and the signed-out (401) before any password is tried', async () => {
    const nobody = await staff([]);
    const customer = `${prefix}-norole@example.test`;
    const r = await tryPassword(nobody.cookie, customer, PASSWORD);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Third-party linking needs the support role.');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/link/philipshue/config',
          headers: { cookie: nobody.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const out = await app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: customer, password: PASSWORD },
    });
    expect(out.statusCode).toBe(401);
    const audits = await storedAuditEvents<Audit>(nc, prefix, 'third-party-login');
    expect(audits.filter((a) => a.customer === customer)).toEqual([]);
  });
});
