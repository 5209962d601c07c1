import { type HubMessageEvent, subjects } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { type SimHarness, settle, startSimulator } from './harness.ts';

const sim = useSuite(() => startSimulator());
const hub = (i: number) => sim.fleet[i] as SimHarness['fleet'][number];
const eventful = (i: number) => {
  const d = hub(i).devices.find((x) => x.features.some((f) => f.type === 'switch'));
  if (!d) throw new Error('no device with a switch');
  return { device: d, feature: d.features.find((f) => f.type === 'switch') as { featureId: string } };
};

describe('a simulated hub', () => {
  it('announces itself connected, with the worker that holds it', async () => {
    const s = subjects(sim.prefix);
    const presence = sim.record(s.hubPresenceAny());
    await sim.control('offline', { hubId: hub(0).hubId, offline: true });
    await sim.control('offline', { hubId: hub(0).hubId, offline: false });
    const back = await presence.waitFor((m) => m.json<{ connected: boolean }>().connected);
    expect(back.json()).toMatchObject({
      hubId: hub(0).hubId,
      rootGroupId: hub(0).rootGroupId,
      connected: true,
      workerId: sim.app.sim.workerId,
    });
    expect(sim.app.sim.hubs.connected).toBe(sim.fleet.length);
  });

  it('answers a system read with the survey fields, and logs request and response on its msg subjects', async () => {
    const s = subjects(sim.prefix);
    const log = sim.record(s.hubMsgAll(hub(1).hubId));
    await sim.nc.flush();
    const reply = await sim.command(hub(1).hubId, 'systemRead', [{ admin: true }]);
    expect(reply).toMatchObject({
      direction: 'response',
      class: 'system',
      operation: 'read',
      senderId: String(hub(1).hubId),
    });
    expect(reply.items[0]).toMatchObject({
      itemId: 0,
      success: true,
      payload: {
        firmwareVersion: hub(1).firmwareVersion,
        configNumber: hub(1).configNumber,
        homeKitPaired: hub(1).homeKitPaired,
        devices: hub(1).devices.length,
        rootGroupId: hub(1).rootGroupId,
      },
    });
    await log.waitFor((m) => m.subject.endsWith('.msg.response.system.read'));
    const [request, response] = log.json() as HubMessageEvent[];
    expect(log.messages.map((m) => m.subject)).toEqual([
      s.hubMsg(hub(1).hubId, 'request', 'system', 'read'),
      s.hubMsg(hub(1).hubId, 'response', 'system', 'read'),
    ]);
    expect(request).toMatchObject({ direction: 'request', clientType: 'admin', hubId: hub(1).hubId });
    expect(response?.transactionId).toBe(request?.transactionId);
    expect(typeof response?.at).toBe('number');
  });

  it('writes a feature, reads it back and tells the socket log about the change', async () => {
    const { feature } = eventful(2);
    const s = subjects(sim.prefix);
    const log = sim.record(s.hubMsg(hub(2).hubId, 'notification', 'feature', 'event'));
    await sim.nc.flush();
    const before = await sim.command(hub(2).hubId, 'featureRead', [{ featureId: feature.featureId }]);
    const next = before.items[0]?.payload.value === 1 ? 0 : 1;
    const write = await sim.command(hub(2).hubId, 'featureWrite', [
      { featureId: feature.featureId, value: next },
    ]);
    expect(write.items[0]).toMatchObject({ success: true, payload: { value: next } });
    const read = await sim.command(hub(2).hubId, 'featureRead', [{ featureId: feature.featureId }]);
    expect(read.items[0]?.payload.value).toBe(next);
    const event = await log.waitFor(() => true);
    expect(event.json()).toMatchObject({
      clientType: 'link2',
      items: [{ payload: { featureId: feature.featureId, value: next } }],
    });
  });

  it('refuses a value out of range, an unknown feature and an unknown operation, item by item', async () => {
    const { feature } = eventful(2);
    const bad = await sim.command(hub(2).hubId, 'featureWrite', [
      { featureId: feature.featureId, value: 7 },
      { featureId: 'nope-1-1+1', value: 1 },
    ]);
    expect(bad.items.map((i) => [i.success, (i.error as { code: number }).code])).toEqual([
      [false, 400],
      [false, 404],
    ]);
    const h = hub(2).hubId;
    const msg = await sim.request(h, 'system', 'dance');
    expect(msg.json<{ items: { success: boolean; error: { code: number } }[] }>().items[0]).toMatchObject({
      success: false,
      error: { code: 404 },
    });
  });

  it('restarts on a reset: disconnected at once, connected again after the restart delay', async () => {
    const h = hub(3).hubId;
    const presence = sim.record(subjects(sim.prefix).hubPresence(h));
    await sim.nc.flush();
    const reply = await sim.command(h, 'systemReset', [{ type: 'restart' }]);
    expect(reply.items[0]).toMatchObject({ success: true, payload: { type: 'restart', accepted: true } });
    await presence.waitFor((m) => m.json<{ connected: boolean }>().connected === false);
    await expect(sim.command(h, 'systemRead', [{}], { timeout: 150 })).rejects.toThrow();
    const up = await presence.waitFor(
      (m) =>
        m.json<{ connected: boolean; reason: string }>().reason === 'restart' &&
        m.json<{ connected: boolean }>().connected,
    );
    expect(up.json<{ since: number }>().since).toBeGreaterThan(0);
    const live = await sim.command(h, 'systemLiveInfo', [{}]);
    expect(live.items[0]?.payload).toMatchObject({
      workerId: sim.app.sim.workerId,
      stats: { count: expect.any(Number) },
    });
    const stats = live.items[0]?.payload.stats as { average: number; min: number; max: number };
    expect(stats.min).toBeLessThanOrEqual(stats.average);
    expect(stats.average).toBeLessThanOrEqual(stats.max);
  });

  it('keeps backups: create, get, keep, list and restore (which raises the restore count)', async () => {
    const h = hub(4).hubId;
    const created = await sim.command(h, 'backupCreate', [{ reason: 'support' }]);
    const backup = created.items[0]?.payload as {
      backupId: string;
      keep: boolean;
      restores: number;
      linkId: number;
    };
    expect(backup).toMatchObject({ keep: false, restores: 0, linkId: h, reason: 'support' });
    const kept = await sim.command(h, 'backupUpdate', [{ backupId: backup.backupId, keep: true }]);
    expect(kept.items[0]?.payload.keep).toBe(true);
    const got = await sim.command(h, 'backupGet', [{ backupId: backup.backupId }]);
    expect(got.items[0]?.payload).toMatchObject({ backupId: backup.backupId, keep: true });
    const listed = await sim.command(h, 'backupList', [{}]);
    expect(listed.items[0]?.payload.backups).toHaveLength(1);
    const missing = await sim.command(h, 'backupGet', [{ backupId: 'nope' }]);
    expect(missing.items[0]).toMatchObject({ success: false, error: { message: 'Unknown backup' } });
    const restored = await sim.command(h, 'backupRestore', [{ backupId: backup.backupId }]);
    expect(restored.items[0]?.payload.restores).toBe(1);
  });

  it('lists firmware (restricted releases only when asked) and updates a device', async () => {
    await settle(400);
    const { device } = eventful(0);
    const h = hub(0).hubId;
    const general = await sim.command(h, 'firmwareRead', [
      { deviceId: device.deviceId, notForGeneralRelease: false },
    ]);
    const all = await sim.command(h, 'firmwareRead', [
      { deviceId: device.deviceId, notForGeneralRelease: true },
    ]);
    const releases = (m: typeof general) =>
      m.items[0]?.payload.releases as { releaseId: string; categories: string[] }[];
    expect(releases(general).every((r) => !r.categories.includes('internal'))).toBe(true);
    const internal = releases(all).find((r) => r.categories.includes('internal'));
    expect(internal).toBeDefined();
    const updated = await sim.command(h, 'firmwareUpdate', [
      { deviceId: device.deviceId, releaseId: internal?.releaseId ?? '', productCode: device.productCode },
    ]);
    expect(updated.items[0]).toMatchObject({
      success: true,
      payload: { previousVersion: device.firmwareVersion, firmwareVersion: '7.4' },
    });
    const status = await sim.command(h, 'deviceStatus', [{ deviceId: device.deviceId }]);
    expect(status.items[0]?.payload).toMatchObject({ deviceId: device.deviceId, status: 'connected' });
  });

  it('syncs (config number up), clears its error state, and goes away on remove', async () => {
    const h = hub(1).hubId;
    const sync = await sim.command(h, 'systemSync', [{ forceSync: true }]);
    expect(sync.items[0]?.payload).toMatchObject({ configNumber: hub(1).configNumber + 1, queued: true });
    await sim.control('error', { hubId: h, errorState: true });
    const cleared = await sim.command(h, 'systemResetErrorState', [{ errorState: false }]);
    expect(cleared.items[0]?.payload.errorState).toBe(false);
    const presence = sim.record(subjects(sim.prefix).hubPresence(h));
    await sim.nc.flush();
    await sim.command(h, 'systemRemove', [{}]);
    const gone = await presence.waitFor(() => true);
    expect(gone.json()).toMatchObject({ connected: false, reason: 'remove' });
    await expect(sim.command(h, 'systemRead', [{}], { timeout: 200 })).rejects.toThrow();
    await sim.control('offline', { hubId: h, offline: false });
  });
});
