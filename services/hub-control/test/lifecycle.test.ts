import {
  HUB_ACTION_TEXT,
  type HubActionResult,
  type HubCard,
  streamNames,
  subjects,
} from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { data, failure, startHubControl } from './harness.ts';

const h = useSuite(() => startHubControl({ HUB_TIMEOUT_MS: '400' }));
const admin = () => h.caller(['admin']);
const hubId = (i: number) => (h.fleet[i] as { hubId: number }).hubId;
const feature = (i: number, type = 'switch') =>
  h.fleet[i]?.devices.flatMap((d) => d.features).find((f) => f.type === type)?.featureId as string;

describe('an offline link', () => {
  it('is refused with the specification’s message, and nothing is sent or recorded', async () => {
    const id = hubId(0);
    const log = h.record(subjects(h.prefix).hubMsgAll(id));
    await h.simControl('offline', { hubId: id, offline: true });
    await h.waitUntil(async () => (await h.app.presence.get(id))?.connected === false, 'offline presence');
    const before = await h.db.collection('transactions').countDocuments();
    // Records reach Mongo through the AUDIT stream: nothing may be published there either.
    const jsm = await jetstreamManager(h.nc);
    const audited = async () => (await jsm.streams.info(streamNames(h.prefix).audit)).state.messages;
    const auditedBefore = await audited();
    const sync = failure(await h.call('hub-control.syncLink', admin(), { linkId: id, forceSync: true }));
    expect(sync).toMatchObject({ statusCode: 409, message: HUB_ACTION_TEXT.offlineSync });
    const restart = failure(await h.call('hub-control.linkReset', admin(), { link2Id: id, object: {} }));
    expect(restart.message).toBe(
      'The link is not connected, a Restart cannot be performed until the link is online.',
    );
    expect(await h.db.collection('transactions').countDocuments()).toBe(before);
    expect(await audited()).toBe(auditedBefore);
    expect(log).toHaveLength(0);
    const card = data<HubCard>(await h.call('hub-control.hub', admin(), null, { hubId: String(id) }));
    expect(card.presence).toMatchObject({ connected: false, connectedSince: null });
    await h.simControl('offline', { hubId: id, offline: false });
  });
});

describe('a link that does not answer in time', () => {
  it('is reported as outcome unknown, recorded as timed out, and the command is sent exactly once', async () => {
    const id = hubId(1);
    const requests = h.record(subjects(h.prefix).hubMsg(id, 'request', 'system', 'sync'));
    await h.nc.flush();
    await h.simControl('slow', { hubId: id, delayMs: 1500 });
    const t0 = Date.now();
    const err = failure(await h.call('hub-control.syncLink', admin(), { linkId: id, forceSync: true }));
    expect(err).toMatchObject({ statusCode: 504, message: HUB_ACTION_TEXT.timeout });
    expect(Date.now() - t0).toBeLessThan(1400);
    await new Promise((r) => setTimeout(r, 1500));
    expect(requests).toHaveLength(1);
    const findTx = () => h.db.collection('transactions').findOne({ hubId: id, operation: 'sync' });
    const findNote = () =>
      h.db.collection('supportnotes').findOne({ notes: { $regex: `link ${id}: timed out` } });
    await h.waitUntil(async () => (await findTx()) !== null && (await findNote()) !== null, 'records');
    expect(await findTx()).toMatchObject({ state: 'timedOut', success: null, warning: true });
    await h.simControl('slow', { hubId: id, delayMs: 0 });
  });
});

describe('typed confirmations', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['hub-control.removeLink', { linkId: 1 }, 'remove link'],
    ['hub-control.backupRestore', { backupId: 'b', deviceId: 'x-1-1+1' }, 'restore link'],
    ['hub-control.featureWrite', { featureId: 'x-1-1+1', value: 1 }, 'ok'],
    ['hub-control.removeUser', { userEmail: 'a@b.c', rootGroupId: 'r' }, 'remove user from structure'],
    ['hub-control.license', { userId: 'u', action: 'add' }, 'license'],
  ];
  it.each(cases)(
    '%s refuses anything but the exact words with “Wrong Confirmation”',
    async (opId, body, words) => {
      for (const confirmation of [
        undefined,
        '',
        'yes',
        `${words}!`,
        words === 'ok' ? 'okay' : words.toUpperCase(),
      ]) {
        const err = failure(
          await h.call(opId, admin(), { ...body, ...(confirmation === undefined ? {} : { confirmation }) }),
        );
        expect(err, `${opId} with ${confirmation}`).toMatchObject({
          statusCode: 400,
          message: 'Wrong Confirmation',
        });
      }
    },
  );

  it('takes "ok" in any case for a feature write', async () => {
    const r = data<HubActionResult>(
      await h.call('hub-control.featureWrite', admin(), {
        featureId: feature(2),
        value: 0,
        confirmation: 'Ok',
      }),
    );
    expect(r.success).toBe(true);
  });
});

describe('roles, checked by the service itself', () => {
  it('lets support and dev run link actions, and refuses staff without them', async () => {
    for (const roles of [['support'], ['dev']] as const) {
      const r = await h.call('hub-control.systemRead', h.caller([...roles], 'Sam Support'), {
        linkId: hubId(2),
      });
      expect(r.ok, roles[0]).toBe(true);
    }
    expect(
      failure(await h.call('hub-control.systemRead', h.caller(['marketing']), { linkId: hubId(2) }))
        .statusCode,
    ).toBe(403);
    expect(failure(await h.call('hub-control.systemRead', null, { linkId: hubId(2) })).statusCode).toBe(401);
  });

  it('needs the firmware role for an internal release: “Permission Denied”', async () => {
    const d = h.fleet[3]?.devices.find((x) => x.features.length > 0);
    if (!d) throw new Error('no device');
    const internal = `${d.productCode}-7.4-internal`;
    const body = { deviceId: d.deviceId, releaseId: internal, productCode: d.productCode };
    const denied = failure(await h.call('hub-control.firmwareUpdate', h.caller(['support']), body));
    expect(denied).toMatchObject({ statusCode: 403, message: 'Permission Denied' });
    const allowed = data<HubActionResult>(
      await h.call('hub-control.firmwareUpdate', h.caller(['support', 'firmware']), body),
    );
    expect(allowed.items[0]?.payload).toMatchObject({ firmwareVersion: '7.4' });
  });

  it('keeps licences to the license role and removing users to roleAdmin', async () => {
    const licence = { userId: 'nobody', action: 'add', confirmation: 'license' };
    expect(failure(await h.call('hub-control.license', h.caller(['support']), licence)).statusCode).toBe(403);
    expect(failure(await h.call('hub-control.license', h.caller(['license']), licence)).statusCode).toBe(404);
    const remove = { userEmail: 'x@y.z', rootGroupId: 'r', confirmation: 'remove user from structure' };
    expect(failure(await h.call('hub-control.removeUser', h.caller(['support']), remove)).statusCode).toBe(
      403,
    );
    expect(failure(await h.call('hub-control.removeUser', h.caller(['roleAdmin']), remove)).statusCode).toBe(
      404,
    );
  });
});

describe('customer actions', () => {
  it('removes a user from a structure and adds a licence, each noted against the customer', async () => {
    await h.db.collection('users').insertOne({
      userId: 'u-77',
      email: 'kim@home.test',
      rootGroupIds: ['rg-1', 'rg-2'],
      currentRootGroup: 'rg-1',
    });
    await h.db.collection('structures').insertOne({ rootGroupId: 'rg-1' });
    const removed = await h.call('hub-control.removeUser', h.caller(['roleAdmin'], 'Rae Roles'), {
      userEmail: 'kim@home.test',
      rootGroupId: 'rg-1',
      confirmation: 'remove user from structure',
    });
    expect(data(removed)).toMatchObject({ success: true });
    expect(await h.db.collection('users').findOne({ userId: 'u-77' })).toMatchObject({
      rootGroupIds: ['rg-2'],
      currentRootGroup: null,
    });
    const note = () => h.db.collection('supportnotes').findOne({ customerId: 'rg-1' });
    await h.waitUntil(async () => (await note()) !== null, 'note written');
    expect(await note()).toMatchObject({
      notes: expect.stringMatching(
        /^Rae Roles \(rae@console.test\) ran Remove User kim@home.test from structure rg-1: success$/,
      ),
    });
    const lic = await h.call('hub-control.license', h.caller(['license'], 'Lee Licence'), {
      userId: 'u-77',
      action: 'add',
      rootGroupId: 'rg-1',
      confirmation: 'license',
    });
    expect(data(lic)).toMatchObject({ success: true, message: 'Licence added.' });
    expect(await h.db.collection('structures').findOne({ rootGroupId: 'rg-1' })).toMatchObject({
      licenses: { v5: { license: true, userId: 'u-77' } },
    });
    const tx = () =>
      h.db
        .collection('transactions')
        .findOne({ operation: 'license', 'firstMsgInfo.payload.userId': 'u-77' });
    await h.waitUntil(async () => (await tx()) !== null, 'transaction written');
    expect(await tx()).toMatchObject({ state: 'replied', class: 'admin' });
  });
});

describe('what hubs send that cannot be read', () => {
  it('answers 502 outcome unknown for a garbled reply, counts it and any unreadable presence, and keeps serving', async () => {
    const id = hubId(5);
    await h.simControl('malformed', { hubId: id, replies: 1 });
    const err = failure(await h.call('hub-control.systemRead', admin(), { linkId: id }));
    expect(err).toMatchObject({ statusCode: 502, message: HUB_ACTION_TEXT.unreadable });
    h.nc.publish(subjects(h.prefix).hubPresence(id), 'not json');
    h.nc.publish(subjects(h.prefix).hubPresence(id), JSON.stringify({ hubId: 'x' }));
    await h.nc.flush();
    await h.waitUntil(
      async () => /source="presence"[^}]*\} 2/.test((await h.app.inject({ url: '/metrics' })).body),
      'metric',
    );
    const metrics = (await h.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/console_hub_malformed_messages_total\{source="reply"[^}]*\} 1/);
    expect(
      data<HubActionResult>(await h.call('hub-control.systemRead', admin(), { linkId: id })).success,
    ).toBe(true);
  });
});

describe('presence shared by every instance', () => {
  it('is known to an instance that started after the hubs connected (through Redis)', async () => {
    const late = await h.another();
    expect(await late.presence.get(hubId(7))).toMatchObject({ connected: true, hubId: hubId(7) });
  });
});
