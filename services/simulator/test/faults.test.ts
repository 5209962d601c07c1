import { type SimStats, subjects } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { settle, startSimulator } from './harness.ts';

const sim = useSuite(() => startSimulator({ SIM_HUBS: '6' }));
const hubId = (i: number) => (sim.fleet[i] as { hubId: number }).hubId;

describe('fault knobs', () => {
  it('drops a hub offline: presence says so and commands go unanswered until it is back', async () => {
    const h = hubId(0);
    const presence = sim.record(subjects(sim.prefix).hubPresence(h));
    await sim.nc.flush();
    await sim.control('offline', { hubId: h, offline: true });
    expect((await presence.waitFor(() => true)).json()).toMatchObject({ connected: false, reason: 'fault' });
    await expect(sim.command(h, 'systemRead', [{}], { timeout: 200 })).rejects.toThrow();
    await sim.control('offline', { hubId: h, offline: false });
    expect((await sim.command(h, 'systemRead', [{}])).items[0]?.success).toBe(true);
  });

  it('replies slowly when told to', async () => {
    const h = hubId(1);
    await sim.control('slow', { hubId: h, delayMs: 400 });
    const t0 = Date.now();
    await sim.command(h, 'systemRead', [{}]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
    await expect(sim.command(h, 'systemRead', [{}], { timeout: 150 })).rejects.toThrow();
    await sim.control('slow', { hubId: h, delayMs: 0 });
  });

  it('enters error state: writes are refused with the spec’s words until it is reset', async () => {
    const h = hubId(2);
    const f = sim.fleet[2]?.devices.flatMap((d) => d.features).find((x) => x.type === 'switch');
    await sim.control('error', { hubId: h, errorState: true });
    const read = await sim.command(h, 'systemRead', [{}]);
    expect(read.items[0]?.payload.errorState).toBe(true);
    if (f) {
      const write = await sim.command(h, 'featureWrite', [{ featureId: f.featureId, value: 1 }]);
      expect(write.items[0]).toMatchObject({ success: false, error: { message: 'Link is in ErrorState' } });
    }
    await sim.command(h, 'systemResetErrorState', [{ errorState: false }]);
    expect((await sim.command(h, 'systemRead', [{}])).items[0]?.payload.errorState).toBe(false);
  });

  it('sends a malformed message and garbled replies, counts them, and keeps answering', async () => {
    const h = hubId(3);
    const log = sim.record(subjects(sim.prefix).hubMsgAll(h));
    await sim.nc.flush();
    await sim.control('malformed', { hubId: h, replies: 1 });
    const raw = await log.waitFor(() => true);
    expect(() => JSON.parse(raw.string())).toThrow();
    const reply = await sim.request(h, 'system', 'read');
    expect(() => JSON.parse(reply.string())).toThrow();
    const refused = await sim.nc.request(subjects(sim.prefix).hubCmd(h), '{"version":"1.0"}', {
      timeout: 2000,
    });
    expect(refused.json<{ class: string; items: { error: unknown }[] }>()).toMatchObject({
      class: 'error',
      items: [{ error: { message: 'Malformed message' } }],
    });
    expect((await sim.command(h, 'systemRead', [{}])).items[0]?.success).toBe(true);
    const stats = (await sim.control('stats', {})) as SimStats;
    expect(stats.malformedSent).toBe(2);
    expect(stats.malformedReceived).toBe(1);
    const metrics = await sim.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/console_sim_malformed_messages_total\{direction="in"[^}]*\} 1/);
  });

  it('emits feature changes, status changes, logs and notifications at the rates set at runtime', async () => {
    const log = sim.record(`${sim.prefix}.hub.*.msg.notification.>`);
    await sim.nc.flush();
    await sim.control('rates', {
      eventsPerHubPerMin: 600,
      statusPerHubPerMin: 300,
      logsPerHubPerMin: 300,
      notificationsPerHubPerMin: 300,
    });
    await settle(1000);
    await sim.control('rates', {
      eventsPerHubPerMin: 0,
      statusPerHubPerMin: 0,
      logsPerHubPerMin: 0,
      notificationsPerHubPerMin: 0,
    });
    const kinds = new Set(log.messages.map((m) => m.subject.split('.').slice(-2).join('.')));
    expect(kinds).toEqual(new Set(['feature.event', 'device.status', 'log.add', 'pushnotify.send']));
    // 6 hubs × 1500 per minute for about a second: about 150 messages.
    expect(log.messages.length).toBeGreaterThan(80);
    expect(log.messages.length).toBeLessThan(260);
    const logEvent = log.json().find((e) => e.class === 'log') as {
      items: { payload: Record<string, string> }[];
    };
    expect(Object.keys(logEvent.items[0]?.payload ?? {}).sort()).toEqual([
      'group',
      'level',
      'message',
      'source',
    ]);
  });
});
