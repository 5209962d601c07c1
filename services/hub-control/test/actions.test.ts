import { type HubActionResult, type HubCard, hubIdHex, subjects } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, type HubControlHarness, startHubControl } from './harness.ts';

const h = useSuite(() => startHubControl());
const admin = () => h.caller(['admin'], 'Ada Admin');
const hub = (i: number) => h.fleet[i] as HubControlHarness['fleet'][number];
const switchOf = (i: number) => {
  const d = hub(i).devices.find((x) => x.features.some((f) => f.type === 'switch'));
  const f = d?.features.find((x) => x.type === 'switch');
  if (!d || !f) throw new Error('no switch');
  return { device: d, feature: f };
};

/** Runs one action as the admin and checks the reply, the transaction and the support note it left. */
async function act(opId: string, body: Record<string, unknown>, hubId: number, action: RegExp) {
  const before = await h.db.collection('transactions').countDocuments();
  const notesBefore = await h.db.collection('supportnotes').countDocuments();
  const result = data<HubActionResult>(await h.call(opId, admin(), body));
  expect(result).toMatchObject({ hubId, state: 'replied', success: true });
  expect(result.action).toMatch(action);
  // The audit writer puts the transaction and note in Mongo just after the reply.
  const find = () => h.db.collection('transactions').findOne({ transactionId: result.transactionId });
  await h.waitUntil(async () => (await find()) !== null, 'transaction written');
  await h.waitUntil(
    async () => (await h.db.collection('supportnotes').countDocuments()) > notesBefore,
    'note written',
  );
  const tx = await find();
  expect(tx).toMatchObject({
    hubId,
    rootGroupId: hub(h.fleet.findIndex((x) => x.hubId === hubId)).rootGroupId,
    state: 'replied',
    success: true,
    class: result.class,
    operation: result.operation,
    staff: { email: 'ada@console.test', name: 'Ada Admin' },
    messages: [{ clientType: 'admin', clientId: admin().userId }],
    tags: ['supportPlus', opId],
  });
  expect(tx?.duration).toEqual(expect.any(Number));
  expect(await h.db.collection('transactions').countDocuments()).toBe(before + 1);
  const note = await h.db.collection('supportnotes').findOne({}, { sort: { updatedDate: -1 } });
  expect(note?.notes).toMatch(
    new RegExp(`^Ada Admin \\(ada@console.test\\) ran .+ on link ${hubId}: success$`),
  );
  expect(note?.userId).toBe('ada@console.test');
  return result;
}

describe('every hub action, as an admin', () => {
  it('reads the system and fills the hub card (id in hex, presence, firmware, lock)', async () => {
    const r = await act('hub-control.systemRead', { linkId: hub(0).hubId }, hub(0).hubId, /System Read/);
    expect(r.items[0]?.payload).toMatchObject({
      firmwareVersion: hub(0).firmwareVersion,
      locked: hub(0).locked,
    });
    const card = data<HubCard>(
      await h.call('hub-control.hub', admin(), null, { hubId: String(hub(0).hubId) }),
    );
    expect(card).toMatchObject({
      hubId: hub(0).hubId,
      hubIdHex: hubIdHex(hub(0).hubId),
      rootGroupId: hub(0).rootGroupId,
      presence: { connected: true, worker: h.workerId },
      info: {
        firmwareVersion: hub(0).firmwareVersion,
        locked: hub(0).locked,
        configNumber: hub(0).configNumber,
      },
    });
  });

  it('gets live info and puts the connection stats on the card', async () => {
    await act(
      'hub-control.getLiveInfo',
      { clientType: 'link2', clientId: hub(0).hubId },
      hub(0).hubId,
      /Live Info/,
    );
    const card = data<HubCard>(
      await h.call('hub-control.hub', admin(), null, { hubId: String(hub(0).hubId) }),
    );
    expect(card.stats).toMatchObject({
      average: expect.any(Number),
      count: expect.any(Number),
      min: expect.any(Number),
      max: expect.any(Number),
    });
  });

  it('restarts a link, and the audit stream hears of it', async () => {
    const audit = h.record(subjects(h.prefix).audit('hub-action'));
    await h.nc.flush();
    await act('hub-control.linkReset', { link2Id: hub(1).hubId, object: {} }, hub(1).hubId, /^Restart$/);
    await h.waitUntil(() => audit.length > 0, 'audit event');
    expect(audit[0]?.json()).toMatchObject({
      kind: 'hub-action',
      action: 'Restart',
      hubId: hub(1).hubId,
      state: 'replied',
    });
    expect(audit[0]?.headers?.get('Nats-Msg-Id')).toMatch(/^hub-action-/);
  });

  it('unpairs HomeKit and fixes storage (reset types)', async () => {
    await act(
      'hub-control.linkReset',
      { link2Id: hub(2).hubId, object: { type: 'pairing' } },
      hub(2).hubId,
      /HomeKit Unpair/,
    );
    await h.waitUntil(async () => (await h.app.presence.get(hub(2).hubId))?.connected === true, 'reconnect');
    await act(
      'hub-control.linkReset',
      { link2Id: hub(2).hubId, object: { type: 'fixStorage' } },
      hub(2).hubId,
      /Fix Storage/,
    );
  });

  it('syncs, resets the error state, reads and writes a feature, reads device status', async () => {
    const i = 3;
    const { device, feature } = switchOf(i);
    await act('hub-control.syncLink', { linkId: hub(i).hubId, forceSync: true }, hub(i).hubId, /Sync Link/);
    await act(
      'hub-control.resetErrorState',
      { linkId: hub(i).hubId, errorState: false },
      hub(i).hubId,
      /Reset ErrorState/,
    );
    await act('hub-control.featureRead', { featureId: feature.featureId }, hub(i).hubId, /Feature Read/);
    const w = await act(
      'hub-control.featureWrite',
      { featureId: feature.featureId, value: 1, confirmation: 'OK' },
      hub(i).hubId,
      /Feature Write/,
    );
    expect(w.items[0]?.payload.value).toBe(1);
    const s = await act(
      'hub-control.getDeviceStatus',
      { deviceId: [device.deviceId] },
      hub(i).hubId,
      /Device Status/,
    );
    expect(s.items[0]?.payload).toMatchObject({ deviceId: device.deviceId, status: 'connected' });
  });

  it('backs up, keeps, gets and restores, keeping the server’s backup record', async () => {
    const i = 4;
    const b = await act('hub-control.backup', { linkId: hub(i).hubId }, hub(i).hubId, /^Backup$/);
    const backupId = b.items[0]?.payload.backupId as string;
    expect(await h.db.collection('backups').findOne({ backupId })).toMatchObject({
      linkId: hub(i).hubId,
      keep: false,
    });
    const deviceId = hub(i).devices[0]?.deviceId as string;
    await act('hub-control.updateBackup', { backupId, deviceId, keep: true }, hub(i).hubId, /Keep Backup/);
    expect(await h.db.collection('backups').findOne({ backupId })).toMatchObject({ keep: true });
    const got = await act('hub-control.getBackup', { backupId }, hub(i).hubId, /Get Backup/);
    expect(got.items[0]?.payload).toMatchObject({ backupId, keep: true });
    await act(
      'hub-control.backupRestore',
      { backupId, deviceId, confirmation: 'restore link' },
      hub(i).hubId,
      /Backup-restore/,
    );
    expect(await h.db.collection('backups').findOne({ backupId })).toMatchObject({ restores: 1 });
  });

  it('reads firmware and updates a device to a general release', async () => {
    const { device } = switchOf(5);
    const read = await act(
      'hub-control.firmwareRead',
      { deviceId: device.deviceId },
      hub(5).hubId,
      /Firmware Read/,
    );
    const releases = read.items[0]?.payload.releases as { releaseId: string; categories: string[] }[];
    expect(releases.map((r) => r.categories[0])).toEqual(['general']);
    const u = await act(
      'hub-control.firmwareUpdate',
      { deviceId: device.deviceId, releaseId: releases[0]?.releaseId, productCode: device.productCode },
      hub(5).hubId,
      /Firmware Update/,
    );
    expect(u.items[0]?.payload).toMatchObject({ firmwareVersion: '7.2' });
  });

  it('removes a link: it goes offline, and the next action is refused', async () => {
    await act(
      'hub-control.removeLink',
      { linkId: hub(6).hubId, confirmation: 'remove link' },
      hub(6).hubId,
      /Remove Link/,
    );
    await h.waitUntil(
      async () => (await h.app.presence.get(hub(6).hubId))?.connected === false,
      'disconnect',
    );
    const again = await h.call('hub-control.syncLink', admin(), { linkId: hub(6).hubId, forceSync: true });
    expect(again.ok).toBe(false);
  });
});
