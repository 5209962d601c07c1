/**
 * Hub actions end to end: the real simulator, hub-control, auth and gateway, each in its own
 * process, on real NATS, Postgres, Redis and the Mongo-compatible server. The test signs in
 * through the gateway's HTTP like the console does and watches the hubs' subjects with its own
 * NATS client. Nothing is stood in.
 */
import { HUB_ACTION_TEXT, type HubCard, type SimHub, type SimStats, subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';

let stack: HubStack;
let nc: NatsConnection;
let db: Db;
let admin: Client;
let support: Client;
let nobody: Client;
let fleet: SimHub[];
const hub = (i: number) => fleet[i] as SimHub;

const staff = (roles: string, name: string) => staffClient(stack, admin, roles, name);
const watch = (subject: string) => stack.watch(subject);
const until = (check: () => Promise<boolean> | boolean, what: string) =>
  stack.waitFor(check, what, { timeoutMs: 15_000, intervalMs: 100 });

const card = async (hubId: number) =>
  (await admin.call('GET', `/api/supportPlus/hub/${hubId}`)).json as HubCard;
const socket = (name: string) => `/api/supportPlus/socket/${name}`;

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 12,
    seed: 3,
    env: { SIM_RESTART_MS: '500', HUB_TIMEOUT_MS: '1500' },
  });
  nc = stack.nc;
  db = stack.mongo.db;
  fleet = stack.fleet;
  admin = await signInAdmin(stack);
  support = await staff('support', 'Sam Support');
  nobody = await staff('', 'Nia Noroles');
  await until(
    async () => (await Promise.all(fleet.map((h) => card(h.hubId)))).every((c) => c.presence?.connected),
    'every hub connected',
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('every action through the gateway, as the admin', () => {
  const device = (i: number) =>
    hub(i).devices.find((d) => d.features.some((f) => f.type === 'switch')) as SimHub['devices'][number];
  const featureId = (i: number) => device(i).features.find((f) => f.type === 'switch')?.featureId as string;
  let backupId = '';

  const actions: [string, number, () => Record<string, unknown>][] = [
    ['system-read', 0, () => ({ linkId: hub(0).hubId, admin: true })],
    ['get-live-info', 0, () => ({ clientType: 'link2', clientId: hub(0).hubId })],
    ['link-reset', 1, () => ({ link2Id: hub(1).hubId, object: { type: 'restart' } })],
    ['reset-error-state', 2, () => ({ linkId: hub(2).hubId, errorState: false })],
    ['sync-link', 2, () => ({ linkId: hub(2).hubId, forceSync: true })],
    ['feature-read', 2, () => ({ featureId: featureId(2) })],
    ['feature-write', 2, () => ({ featureId: featureId(2), value: 1, confirmation: 'ok' })],
    ['getDeviceStatus', 2, () => ({ deviceId: device(2).deviceId })],
    ['firmware-read', 3, () => ({ deviceId: device(3).deviceId, notForGeneralRelease: true })],
    [
      'firmware-update',
      3,
      () => ({
        deviceId: device(3).deviceId,
        releaseId: `${device(3).productCode}-7.2`,
        productCode: device(3).productCode,
      }),
    ],
    ['backup', 4, () => ({ linkId: hub(4).hubId })],
    ['updateBackup', 4, () => ({ backupId, deviceId: hub(4).devices[0]?.deviceId, keep: true })],
    ['getBackup', 4, () => ({ backupId })],
    [
      'backupRestore',
      4,
      () => ({ backupId, deviceId: hub(4).devices[0]?.deviceId, confirmation: 'restore link' }),
    ],
    ['remove-link', 5, () => ({ linkId: hub(5).hubId, confirmation: 'remove link' })],
  ];

  it.each(actions)('%s: replied, seen on the hub’s socket log, recorded and noted', async (path, i, body) => {
    const hubId = hub(i).hubId;
    const log = watch(subjects(stack.prefix).hubMsgAll(hubId));
    await nc.flush();
    const res = await admin.call('POST', socket(path), body());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ hubId, state: 'replied', success: true });
    if (path === 'backup') backupId = res.json.items[0].payload.backupId;
    const { transactionId } = res.json;
    await until(
      () =>
        log.some(
          (m) =>
            m.subject.includes('.msg.response.') &&
            m.json<{ transactionId: number }>().transactionId === transactionId,
        ),
      'response event',
    );
    const pair = log
      .map((m) => m.json<{ direction: string; transactionId: number; clientType: string }>())
      .filter((e) => e.transactionId === transactionId && e.direction !== 'notification');
    expect(pair.map((e) => [e.direction, e.clientType])).toEqual([
      ['request', 'admin'],
      ['response', 'admin'],
    ]);
    // hub-control's audit writer puts the transaction and note in Mongo just after the reply.
    const tx = () => db.collection('transactions').findOne({ transactionId, hubId });
    await until(async () => (await tx()) !== null, 'transaction written');
    expect(await tx()).toMatchObject({
      state: 'replied',
      success: true,
      staff: { name: 'Ada Admin' },
    });
    const latestNote = () =>
      db
        .collection('supportnotes')
        .findOne({ customerId: hub(i).rootGroupId }, { sort: { updatedDate: -1 } });
    await until(
      async () => (await latestNote())?.notes?.includes(`on link ${hubId}:`) === true,
      'note written',
    );
    const note = await latestNote();
    expect(note?.notes).toMatch(
      new RegExp(`^Ada Admin \\(${stack.admin.email}\\) ran .+ on link ${hubId}: success$`),
    );
    if (path === 'link-reset' || path === 'backupRestore') {
      await until(async () => (await card(hubId)).presence?.connected === true, 'reconnect after restart');
    }
  });

  it('removes a user from a structure and adds a licence, each recorded and noted', async () => {
    await db
      .collection('users')
      .insertOne({ userId: 'u-1', email: 'kim@home.test', rootGroupIds: [hub(0).rootGroupId] });
    const removed = await admin.call('POST', socket('remove-user'), {
      userEmail: 'kim@home.test',
      rootGroupId: hub(0).rootGroupId,
      confirmation: 'remove user from structure',
    });
    expect(removed).toMatchObject({ status: 200, json: { success: true } });
    const licensed = await admin.call('POST', socket('license'), {
      userId: 'u-1',
      action: 'add',
      confirmation: 'license',
    });
    expect(licensed).toMatchObject({ status: 200, json: { success: true } });
    expect(await db.collection('users').findOne({ userId: 'u-1' })).toMatchObject({
      rootGroupIds: [],
      licenses: { v5: { license: true } },
    });
    const note = () => db.collection('supportnotes').findOne({ customerId: 'u-1' });
    await until(async () => (await note()) !== null, 'note written');
    expect(await note()).toMatchObject({
      notes: expect.stringMatching(/^Ada Admin .+ ran License add for user u-1: success$/),
    });
  });

  it('shows what the system read found on the hub card', async () => {
    const c = await card(hub(0).hubId);
    expect(c).toMatchObject({
      hubIdHex: hub(0).hubId.toString(16),
      info: { firmwareVersion: hub(0).firmwareVersion },
      stats: { count: expect.any(Number) },
    });
  });
});

describe('refusals and the unknown', () => {
  it('refuses a sync on an offline link with the specification’s message', async () => {
    const hubId = hub(6).hubId;
    await stack.simControl('offline', { hubId, offline: true });
    await until(async () => (await card(hubId)).presence?.connected === false, 'offline on the card');
    const res = await support.call('POST', socket('sync-link'), { linkId: hubId, forceSync: true });
    expect(res).toMatchObject({
      status: 409,
      json: { message: 'The link is not connected, a sync cannot be performed until the link is online.' },
    });
  });

  it('reports a timeout as unknown, and the hub saw exactly one request', async () => {
    const hubId = hub(7).hubId;
    const requests = watch(subjects(stack.prefix).hubMsg(hubId, 'request', 'system', 'reset'));
    await stack.simControl('slow', { hubId, delayMs: 3000 });
    const res = await support.call('POST', socket('link-reset'), { link2Id: hubId, object: {} });
    expect(res).toMatchObject({ status: 504, json: { message: HUB_ACTION_TEXT.timeout } });
    await new Promise((r) => setTimeout(r, 3500));
    expect(requests).toHaveLength(1);
    const tx = () => db.collection('transactions').findOne({ hubId, operation: 'reset' });
    await until(async () => (await tx()) !== null, 'transaction written');
    expect(await tx()).toMatchObject({ state: 'timedOut' });
  });

  it('refuses a wrong confirmation', async () => {
    const res = await admin.call('POST', socket('remove-link'), {
      linkId: hub(8).hubId,
      confirmation: 'remove',
    });
    expect(res).toMatchObject({ status: 400, json: { message: 'Wrong Confirmation' } });
    expect((await card(hub(8).hubId)).presence?.connected).toBe(true);
  });

  it('refuses by role: no role at all, licences, removing users, internal firmware', async () => {
    expect((await nobody.call('POST', socket('system-read'), { linkId: hub(8).hubId })).status).toBe(403);
    expect(
      (await support.call('POST', socket('license'), { userId: 'u', action: 'add', confirmation: 'license' }))
        .status,
    ).toBe(403);
    expect(
      (
        await support.call('POST', socket('remove-user'), {
          userEmail: 'a@b.c',
          rootGroupId: 'r',
          confirmation: 'remove user from structure',
        })
      ).status,
    ).toBe(403);
    const d = hub(9).devices.find((x) => x.features.length > 0) as SimHub['devices'][number];
    const internal = await support.call('POST', socket('firmware-update'), {
      deviceId: d.deviceId,
      releaseId: `${d.productCode}-7.4-internal`,
      productCode: d.productCode,
    });
    expect(internal).toMatchObject({ status: 403, json: { message: 'Permission Denied' } });
  });

  it('survives malformed hub messages, counting them in both services', async () => {
    const hubId = hub(10).hubId;
    await stack.simControl('malformed', { hubId, replies: 1 });
    const garbled = await support.call('POST', socket('system-read'), { linkId: hubId });
    expect(garbled).toMatchObject({ status: 502, json: { message: HUB_ACTION_TEXT.unreadable } });
    const stats = (await stack.simControl('stats', {})) as SimStats;
    expect(stats.malformedSent).toBe(2);
    const hcMetrics = await (await fetch(`http://127.0.0.1:${stack.ports['hub-control']}/metrics`)).text();
    expect(hcMetrics).toMatch(/console_hub_malformed_messages_total\{source="reply"[^}]*\} 1/);
    const simMetrics = await (await fetch(`http://127.0.0.1:${stack.ports.simulator}/metrics`)).text();
    expect(simMetrics).toMatch(/console_sim_malformed_messages_total\{direction="out"[^}]*\} 2/);
    const again = await support.call('POST', socket('system-read'), { linkId: hubId });
    expect(again).toMatchObject({ status: 200, json: { success: true } });
    for (const service of ['simulator', 'hub-control'])
      expect((await fetch(`http://127.0.0.1:${stack.ports[service]}/readyz`)).status, service).toBe(200);
  });
});
