import type { ServicesView } from '@console/contracts';
import { createServer } from '@console/kit';
import { Svcm } from '@nats-io/services';
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

  it('shows a second instance once it starts, and counts requests and refusals (4xx, not errors) per endpoint', async () => {
    second = await createServer({ service: 'supervisor', logLevel: 'silent', instance: `${h.prefix}-2` });
    await second.register(supervisorApp, { config: h.config });
    await second.ready();
    const v = await view();
    expect(supervisor(v)?.instances).toHaveLength(2);
    for (let i = 0; i < 6; i++)
      failure(await h.call('supervisor.processInfo', { caller: h.staff(['admin']), params: { id: 'none' } }));
    const after = supervisor(await view());
    const errors = after?.instances.flatMap((i) => i.endpoints.filter((e) => e.name === 'processInfo')) ?? [];
    // A 404 for an unknown host is the caller's mistake, not the service failing (issue 30).
    expect(errors.reduce((n, e) => n + e.refused, 0)).toBe(6);
    expect(errors.reduce((n, e) => n + e.errors, 0)).toBe(0);
    expect(errors.every((e) => e.lastError === '')).toBe(true);
    // Each request is counted once, by the instance that served it.
    expect(errors.reduce((n, e) => n + e.requests, 0)).toBe(6);
  });

  it("counts the calls a gateway saw time out as the endpoint's errors, per endpoint", async () => {
    // Stand-in: a `$SRV` service named gateway under this test's prefix publishing the figures a
    // gateway publishes (services/gateway/test/forward-timeouts.test.ts checks the real one's).
    const gateway = await new Svcm(h.nc).add({
      name: 'gateway',
      version: '0.0.1',
      queue: '',
      metadata: { prefix: h.prefix, instance: 'gw-test', host: 'here' },
      statsHandler: async () => ({ requests: 3, timeouts: { 'supervisor.hostsList': 2, 'search.find': 1 } }),
    });
    gateway.addEndpoint('figures', { subject: `${h.prefix}.gw-test.figures`, handler: () => undefined });
    try {
      const v = await view();
      expect(supervisor(v)?.timeouts).toEqual([{ endpoint: 'hostsList', count: 2 }]);
      expect(v.services.find((x) => x.name === 'search')?.timeouts).toEqual([{ endpoint: 'find', count: 1 }]);
    } finally {
      await gateway.stop();
    }
  });

  it('lists a fan-out instance with the services and its sockets, topics and events with the figures', async () => {
    // Stand-in: a `$SRV` service named fanout under this test's prefix answering as a fan-out
    // instance does (tests/integration/fanout-proxy.test.ts runs the real ones).
    const fanout = await new Svcm(h.nc).add({
      name: 'fanout',
      version: '0.0.1',
      queue: '',
      metadata: { prefix: h.prefix, instance: 'fanout-test', host: 'here', url: '127.0.0.1:1' },
      statsHandler: async () => ({ sockets: 4, topics: 2, eventsOut: 90 }),
    });
    fanout.addEndpoint('figures', { subject: `${h.prefix}.fo-test.figures`, handler: () => undefined });
    try {
      const v = await view();
      expect(v.services.find((x) => x.name === 'fanout')?.instances.map((i) => i.instance)).toEqual([
        'fanout-test',
      ]);
      expect(v.gateways).toEqual([
        expect.objectContaining({
          instance: 'fanout-test',
          sockets: 4,
          topics: 2,
          eventsOut: 90,
          requests: 0,
        }),
      ]);
    } finally {
      await fanout.stop();
    }
  });

  it('is for dev and admin', async () => {
    expect(
      failure(await h.call('supervisor.servicesView', { caller: h.staff(['support']) })).statusCode,
    ).toBe(403);
    expect(data(await h.call('supervisor.servicesView', { caller: h.staff(['admin']) }))).toBeTruthy();
  });
});
