import { randomUUID } from 'node:crypto';
import { type Caller, OPERATIONS, operationName, type ServiceReply, subjects } from '@console/contracts';
import { NOT_FROM_GATEWAY, natsAuth, signAssertion } from '@console/kit';
import { infraEnv } from '@console/kit/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from '../support/people.ts';
import { type Stack, startStack } from '../support/stack.ts';

// Issue 9 §1: whoever can reach the broker cannot call a service as a staff member of their
// choosing. Every service answers only requests carrying the gateway's signed caller assertion.
const SERVICES = ['auth', 'search', 'hub-control'] as const;
let stack: Stack;
let nc: NatsConnection;
const admin: Caller = {
  userId: '1',
  email: 'x@evil.test',
  name: 'Mallory',
  roles: ['admin'],
  sessionId: 'made-up',
};

beforeAll(async () => {
  stack = await startStack(infraEnv(), [...SERVICES, 'gateway']);
  nc = await connect({ servers: stack.infra.NATS_URL.split(','), ...natsAuth() });
});
afterAll(async () => {
  await nc?.drain();
  await stack?.stop();
});

async function ask(opId: string, extra: Record<string, unknown>): Promise<ServiceReply> {
  const op = OPERATIONS.find((o) => o.id === opId);
  if (!op) throw new Error(opId);
  const request = {
    requestId: randomUUID(),
    caller: admin,
    ip: '203.0.113.9',
    params: {},
    query: {},
    body: null,
  };
  // A service of the stack may still be registering its endpoints on a loaded machine: wait for it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await nc
      .request(subjects(stack.prefix).api(op.service, operationName(op)), '{}', { timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (answered || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const msg = await nc.request(
    subjects(stack.prefix).api(op.service, operationName(op)),
    JSON.stringify({
      ...request,
      ...extra,
      ...(typeof extra.assertion === 'function' ? { assertion: extra.assertion(request) } : {}),
    }),
    { timeout: 10_000 },
  );
  return msg.json<ServiceReply>();
}

const refused = (r: ServiceReply) => {
  expect(r).toMatchObject({ ok: false, error: { statusCode: 401, message: NOT_FROM_GATEWAY } });
};

describe('a request straight onto the bus', () => {
  it('with a made-up admin caller and no assertion is refused by every service', async () => {
    for (const service of SERVICES) {
      const op = OPERATIONS.find((o) => o.service === service && o.access !== 'public');
      refused(await ask(op?.id ?? '', {}));
    }
    // The staff list of the example, and a public operation (its rate limits use the signed address).
    refused(await ask('auth.adminList', {}));
    refused(await ask('auth.login', { caller: null, body: { email: 'a@b.c', password: 'x' } }));
  });

  it('with an assertion signed by another key, for another operation or another request, is refused', async () => {
    const wrongKey = Buffer.from('not-the-key-'.repeat(4));
    const sign = (key: Buffer, op: string, rid?: string) => (r: { requestId: string }) =>
      signAssertion(key, { aud: 'auth', op, rid: rid ?? r.requestId, caller: admin, ip: '203.0.113.9' });
    const key = Buffer.from(process.env.CALLER_ASSERTION_KEY ?? '');
    refused(await ask('auth.adminList', { assertion: sign(wrongKey, 'adminList') }));
    refused(await ask('auth.adminList', { assertion: sign(key, 'me') }));
    refused(await ask('auth.adminList', { assertion: sign(key, 'adminList', 'another-request') }));
    // The same request signed with the shared key passes the kit and reaches the handler.
    const ok = await ask('auth.adminList', { assertion: sign(key, 'adminList') });
    expect(ok.ok).toBe(true);
  });

  it('while the same call through the gateway works', async () => {
    const c = await signInApi(stack, stack.admin.email, stack.admin.password);
    const res = await c.call('GET', '/api/admin/users');
    expect(res.status).toBe(200);
  });
});
