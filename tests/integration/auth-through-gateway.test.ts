/**
 * The real auth service behind the real gateway, each in its own process, on real NATS,
 * Postgres, Redis and the captured mailbox. Nothing is stood in.
 */
import { OPERATIONS } from '@console/contracts';
import { infraEnv, oneTimeCode } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/people.ts';
import { Client, type Stack, startStack } from '../support/stack.ts';

let stack: Stack;
const admin = () => new Client(stack.url);

async function signIn(email: string, password: string): Promise<Client> {
  const c = new Client(stack.url);
  const since = Date.now();
  const first = await c.call('POST', '/auth/local', { email, password });
  expect(first.status).toBe(200);
  if (first.json.requiresOneTimeCode) {
    const code = await oneTimeCode(stack.infra.MAILBOX_URL, email, { since });
    const verified = await c.call('POST', '/auth/local/verify-code', {
      attemptId: first.json.attemptId,
      code,
    });
    expect(verified.status).toBe(200);
  }
  expect(c.hasSession).toBe(true);
  return c;
}

let adminClient: Client;
let support: { email: string; password: string };
let nobody: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack(infraEnv());
  adminClient = await signIn(stack.admin.email, stack.admin.password);
  support = { email: `${stack.prefix}-support@console.test`, password: 'support-pass-1' };
  nobody = { email: `${stack.prefix}-nobody@console.test`, password: 'nobody-pass-1' };
  await createStaff(adminClient, 'support', 'Sam Support', support);
  await createStaff(adminClient, '', 'Nia Noroles', nobody);
});

afterAll(async () => {
  await stack?.stop();
});

describe('security headers', () => {
  it('come with every answer: an API call, a refusal and an unknown path', async () => {
    for (const path of ['/api/users/me', '/api/no-such-thing']) {
      for (const cookie of [true, false]) {
        const res = await fetch(`${stack.url}${path}`, {
          headers: cookie ? { cookie: adminClient.sessionCookie } : {},
        });
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp, `${path} (${res.status})`).toContain("default-src 'self'");
        expect(csp).toContain("img-src 'self' data:");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
    }
  });
});

describe('signing in through the gateway', () => {
  it('takes the bootstrap admin through the e-mailed one-time code to the main screen', async () => {
    const me = await adminClient.call('GET', '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: stack.admin.email, roles: ['admin'], landing: '/' });
  });

  it('sends a support user to Support Plus', async () => {
    const c = await signIn(support.email, support.password);
    const me = await c.call('GET', '/api/users/me');
    expect(me.json.landing).toBe('/supportPlus');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await admin().call('POST', '/auth/local', {
      email: 'nobody-here@console.test',
      password: 'x',
    });
    const wrong = await admin().call('POST', '/auth/local', {
      email: support.email,
      password: 'wrong-password',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json.message).toBe(wrong.json.message);
  });

  it('ends the session at logout, and the old cookie no longer works', async () => {
    const c = await signIn(support.email, support.password);
    const out = await c.call('POST', '/auth/logout');
    expect(out.status).toBe(200);
    expect(c.hasSession).toBe(false);
    expect((await c.call('GET', '/api/users/me')).status).toBe(401);
  });

  it('ends other sessions when the password changes', async () => {
    const user = { email: `${stack.prefix}-pw@console.test`, password: 'first-pass' };
    const created = await createStaff(adminClient, 'support', 'Pat Password', user);
    const a = await signIn(user.email, user.password);
    const b = await signIn(user.email, user.password);
    const wrong = await a.call('PUT', `/api/users/${created.id}/password`, {
      oldPassword: 'nope',
      newPassword: 'abc',
    });
    expect(wrong.json.message).toBe('Incorrect password');
    const ok = await a.call('PUT', `/api/users/${created.id}/password`, {
      oldPassword: user.password,
      newPassword: 'second-pass',
    });
    expect(ok.json.message).toBe('Password successfully changed');
    expect((await a.call('GET', '/api/users/me')).status).toBe(200);
    expect((await b.call('GET', '/api/users/me')).status).toBe(401);
  });
});

describe('the role matrix, walked from the operations table', () => {
  const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');

  it('refuses every protected operation to a signed-out caller', async () => {
    for (const op of OPERATIONS.filter((o) => o.access !== 'public' && o.transport !== 'ws' && !o.internal)) {
      const res = await admin().call(op.method, concrete(op.path), op.body ? {} : undefined);
      expect(res.status, `${op.id} signed out`).toBe(401);
    }
  });

  it('refuses every role-restricted operation to a user without that role, and lets an admin through', async () => {
    const c = await signIn(nobody.email, nobody.password);
    for (const op of OPERATIONS.filter(
      (o) => Array.isArray(o.access) && o.transport !== 'ws' && !o.internal,
    )) {
      const res = await c.call(op.method, concrete(op.path), op.body ? {} : undefined);
      expect(res.status, `${op.id} without role`).toBe(403);
      // Body-less check for the admin: anything but a role refusal (400 for the empty body, 404 for id 1…).
      const asAdmin = await adminClient.call(
        op.method,
        concrete(op.path).replace(/\/1(\/|$)/, '/999999$1'),
        op.body ? {} : undefined,
      );
      expect([401, 403], `${op.id} as admin`).not.toContain(asAdmin.status);
    }
  });

  it('refuses admin operations at the service too, not only at the gateway', async () => {
    // The service's own check is exercised in services/auth/test; here: an admin revoked mid-session loses access at once.
    const temp = { email: `${stack.prefix}-temp@console.test`, password: 'temp-pass-1' };
    const created = await createStaff(adminClient, 'admin', 'Tim Temp', temp);
    const t = await signIn(temp.email, temp.password);
    expect((await t.call('GET', '/api/admin/users')).status).toBe(200);
    await adminClient.call('PUT', `/api/admin/users/${created.id}`, {
      name: 'Tim Temp',
      email: temp.email,
      roles: 'support',
      active: true,
      requireOneTimeCode: false,
    });
    expect((await t.call('GET', '/api/admin/users')).status).toBe(403);
    await adminClient.call('POST', `/api/admin/users/${created.id}/revoke-sessions`);
    expect((await t.call('GET', '/api/users/me')).status).toBe(401);
  });
});
