import { Svcm } from '@nats-io/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGateway, startScriptedGateway } from './scripted-gateway.ts';

// Issue 30: a call no instance answers in time is an error the service's own figures cannot count;
// the gateway counts it per operation and publishes it with its figures for the services view.
let g: ScriptedGateway;

beforeAll(async () => {
  g = await startScriptedGateway({ REQUEST_TIMEOUT_MS: '500' });
});
afterAll(async () => g?.close());

describe('forwarded calls that time out', () => {
  it('answer 504 and are counted per operation in the gateway figures of $SRV', async () => {
    g.respond('auth.thingsList', () => null);
    const { cookie } = await g.session(['support']);
    for (let i = 0; i < 2; i++) {
      const res = await g.app.inject({ method: 'GET', url: g.path('auth.thingsList'), headers: { cookie } });
      expect(res.statusCode).toBe(504);
    }
    const figures: Record<string, unknown>[] = [];
    for await (const s of await new Svcm(g.nc)
      .client({ strategy: 'stall', maxWait: 2000, stall: 300 })
      .stats('gateway')) {
      if (s.metadata?.prefix === g.prefix) figures.push(s.endpoints?.[0]?.data as Record<string, unknown>);
    }
    expect(figures).toHaveLength(1);
    expect(figures[0]?.timeouts).toEqual({ 'auth.thingsList': 2 });
  });
});
