import { randomBytes, randomUUID } from 'node:crypto';
import { type Operation, operationName, type ServiceReply } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGateway } from '../src/caller-assertion.ts';
import { registerOperations } from '../src/endpoints.ts';
import { natsPlugin } from '../src/plugins/nats.ts';
import { createServer } from '../src/server.ts';
import { infraEnv } from '../src/testing.ts';

// An answer larger than the broker's max_payload (1 MB here) cannot be published. nats-core throws
// from `respond`; unhandled, that ended the stats service in the CI run of 2026-11-26 (the fuzz's
// dm-statistics over 600 years), and every later call answered 503.
const KEY = randomBytes(32).toString('hex');
const prefix = `kit-${randomBytes(4).toString('hex')}`;
const ops = [
  {
    id: 'stats.kitBig',
    service: 'stats',
    method: 'GET',
    path: '/kit/big',
    access: 'public',
    summary: 'x',
    tags: [],
  },
  {
    id: 'stats.kitSmall',
    service: 'stats',
    method: 'GET',
    path: '/kit/small',
    access: 'public',
    summary: 'x',
    tags: [],
  },
] as unknown as readonly Operation[];

let app: FastifyInstance;
beforeAll(async () => {
  app = await createServer({ service: 'stats', logLevel: 'fatal', instance: 'kit-test' });
  await app.register(natsPlugin, { url: infraEnv().NATS_URL, prefix, name: 'kit-test' });
  await app.register(async (a) =>
    registerOperations(a, {
      service: 'stats',
      operations: ops,
      handlers: {
        'stats.kitBig': async () => 'x'.repeat(2 * 1_048_576),
        'stats.kitSmall': async () => 'fine',
      } as never,
      errors: {},
      assertionKey: KEY,
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

async function ask(op: Operation): Promise<ServiceReply> {
  const request = {
    requestId: randomUUID(),
    caller: null,
    ip: '127.0.0.1',
    params: {},
    query: {},
    body: null,
  };
  const signed = asGateway('stats', operationName(op), request, Buffer.from(KEY, 'utf8'));
  const msg = await app.nats.request(app.subjects.api('stats', operationName(op)), JSON.stringify(signed), {
    timeout: 5000,
  });
  return msg.json<ServiceReply>();
}

describe('an answer larger than the broker carries', () => {
  it('comes back as a 500 that says so, and the service keeps answering', async () => {
    const [big, small] = ops as [Operation, Operation];
    const reply = await ask(big);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.statusCode).toBe(500);
    expect(reply.error.message).toMatch(/^The answer is too large to send \(2\.0 MB; at most 1\.0 MB\)/);
    expect(await ask(small)).toMatchObject({ ok: true, data: 'fine' });
  });
});
