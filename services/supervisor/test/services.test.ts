import type { ServicesView } from '@console/contracts';
import { createServer } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervisorApp } from '../src/app.ts';
import { data, failure, type SupervisorHarness, startSupervisor } from './harness.ts';

let h: SupervisorHarness;
let second: FastifyInstance | null = null;
const dev = () => h.staff(['dev']);
const view = async () => data<ServicesView>(await h.call('supervisor.servicesView', { caller: dev() }));
const supervisor = (v: ServicesView) => v.services.find((s) => s.name === 'supervisor');

beforeAll(async () => {
  h = await startSupervisor();
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

describe('the services view ($SRV discovery)', () => {
  it("lists this deployment's supervisor instance with its endpoints, and the expected services that run no instance", async () => {
    await view();
    const v = await view();
    const s = supervisor(v);
    expect(s?.instances).toHaveLength(1);
    const inst = s?.instances[0];
    expect(inst?.host).not.toBe('');
    expect(inst?.endpoints.map((e) => e.name)).toContain('hostsList');
    expect(inst?.endpoints.find((e) => e.name === 'servicesView')?.requests).toBeGreaterThanOrEqual(1);
    // Nothing else runs under this test's prefix (other runs' services on the same NATS are left out).
    for (const name of ['auth', 'search', 'hub-control', 'simulator'])
      expect(v.services.find((x) => x.name === name)).toMatchObject({ expected: true, instances: [] });
    expect(v.gateways).toEqual([]);
  });

  it('shows a second instance once it starts, and counts requests and errors per endpoint', async () => {
    second = await createServer({ service: 'supervisor', logLevel: 'silent', instance: `${h.prefix}-2` });
    await second.register(supervisorApp, { config: h.config });
    await second.ready();
    const v = await view();
    expect(supervisor(v)?.instances).toHaveLength(2);
    for (let i = 0; i < 6; i++)
      failure(await h.call('supervisor.processInfo', { caller: h.staff(['admin']), params: { id: 'none' } }));
    const after = supervisor(await view());
    const errors = after?.instances.flatMap((i) => i.endpoints.filter((e) => e.name === 'processInfo')) ?? [];
    expect(errors.reduce((n, e) => n + e.errors, 0)).toBe(6);
    expect(errors.some((e) => e.lastError.includes('No host none'))).toBe(true);
    // Each request is counted once, by the instance that served it.
    expect(errors.reduce((n, e) => n + e.requests, 0)).toBe(6);
  });

  it('is for dev and admin', async () => {
    expect(
      failure(await h.call('supervisor.servicesView', { caller: h.staff(['support']) })).statusCode,
    ).toBe(403);
    expect(data(await h.call('supervisor.servicesView', { caller: h.staff(['admin']) }))).toBeTruthy();
  });
});
