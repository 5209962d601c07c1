/**
 * The command waterfall end to end (issue 17, item 2): the real simulator, hub-control, auth and
 * gateway as processes on real NATS, Redis and the Mongo-compatible server. A feature write's
 * stages from the gateway to the resulting feature.event; a hub that does not answer (sent, then
 * outcome unknown); Cancel by another staff member with the hub's late reply still recorded; a raw
 * channel send over /ws with its correlation id to the hub and back (the Gen1 poke's waterfall is
 * in gen1-commands.test.ts, which has the WiFi links).
 */
import {
  type ActionWaterfall,
  CORRELATION_HEADERS,
  CORRELATION_HTTP_HEADER,
  type SimHub,
  subjects,
} from '@console/contracts';
import { storedAuditEvents } from '@console/kit/testing';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { envelope, WsClient } from '../support/ws-client.ts';

let stack: HubStack;
let db: Db;
let support: Client;
let canceller: Client;
let nobody: Client;
let fleet: SimHub[];

const until = (check: () => Promise<boolean> | boolean, what: string) =>
  stack.waitFor(check, what, { timeoutMs: 15_000, intervalMs: 100 });
const switchOf = (h: SimHub) =>
  h.devices.flatMap((d) => d.features).find((f) => f.type === 'switch')?.featureId as string;
const hubWithSwitch = (skip = 0) => fleet.filter((h) => switchOf(h))[skip] as SimHub;

/** An action as the console sends it: with its own correlation id in the x-correlation-id header. */
async function send(client: Client, path: string, body: unknown, correlationId: string) {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: client.sessionCookie,
      [CORRELATION_HTTP_HEADER]: correlationId,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    // biome-ignore lint/suspicious/noExplicitAny: the API's answer, checked by the test
    json: (await res.json()) as any,
    correlationId: res.headers.get(CORRELATION_HTTP_HEADER),
  };
}
const write = (client: Client, h: SimHub, cid: string, value: number) =>
  send(
    client,
    '/api/supportPlus/socket/feature-write',
    { featureId: switchOf(h), value, confirmation: 'ok' },
    cid,
  );

const stagesOf = async (client: Client, path: string) => {
  const res = await client.call('GET', path);
  return res.status === 200 ? (res.json as ActionWaterfall) : null;
};
const byCorrelation = (cid: string) => stagesOf(support, `/api/supportPlus/actions/correlation/${cid}`);
const byTransaction = (id: number) => stagesOf(support, `/api/supportPlus/actions/${id}`);
const kinds = (w: ActionWaterfall | null) => w?.stages.map((s) => s.kind) ?? [];
/** Reads the waterfall until it holds every stage kind in `need`; returns that reading. */
async function stagesWith(
  read: () => Promise<ActionWaterfall | null>,
  need: ActionWaterfall['stages'][number]['kind'][],
  what: string,
) {
  let w: ActionWaterfall | null = null;
  await until(async () => {
    w = await read();
    const have = kinds(w);
    return need.every((k) => have.includes(k));
  }, what);
  return w as unknown as ActionWaterfall;
}
let n = 0;
const cid = () => `wf-test-${Date.now()}-${n++}`;

beforeAll(async () => {
  stack = await startHubStack({ hubs: 4, seed: 17, env: { HUB_TIMEOUT_MS: '2500' } });
  db = stack.mongo.db;
  fleet = stack.fleet;
  const admin = await signInAdmin(stack);
  support = await staffClient(stack, admin, 'support', 'Sam Support');
  canceller = await staffClient(stack, admin, 'dev', 'Carla Cancel');
  nobody = await staffClient(stack, admin, '', 'Nia Noroles');
  await stack.hubsConnected(admin);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the command waterfall', () => {
  it('a feature write shows ≥ 4 timed stages ending in the resulting feature.event', async () => {
    const h = hubWithSwitch(0);
    const log = stack.watch(subjects(stack.prefix).hubMsgAll(h.hubId));
    await stack.nc.flush();
    const id = cid();
    const res = await write(support, h, id, 1);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.correlationId).toBe(id);
    const { transactionId } = res.json as { transactionId: number };
    const got = await stagesWith(
      () => byTransaction(transactionId),
      ['event', 'audit'],
      'the feature.event and audit stages',
    );
    expect(got).toMatchObject({ transactionId, correlationId: id, hubId: h.hubId, state: 'replied' });
    expect(got.staff).toBe('Sam Support');
    expect(got.stages.length).toBeGreaterThanOrEqual(4);
    expect(kinds(got).slice(0, 3)).toEqual(['accepted', 'sent', 'response']);
    const event = got.stages.find((s) => s.kind === 'event');
    expect(event?.label).toBe('feature.event');
    expect(event?.late).toBe(false);
    // In time order, each offset from the first stage; the event comes after the response.
    const offsets = got.stages.map((s) => s.offsetMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets[0]).toBe(0);
    const response = got.stages.find((s) => s.kind === 'response');
    expect(response?.label).toMatch(/^response item 0: ok$/);
    expect((event?.at ?? 0) >= (response?.at ?? Number.POSITIVE_INFINITY)).toBe(true);
    // The same waterfall by the correlation id; the hub's own messages carry it as a header.
    expect((await byCorrelation(id))?.transactionId).toBe(transactionId);
    const carried = log.filter((m) => m.headers?.get(CORRELATION_HEADERS.id) === id).map((m) => m.subject);
    expect(carried.some((s) => s.endsWith('.msg.response.feature.write'))).toBe(true);
    expect(carried.some((s) => s.endsWith('.msg.notification.feature.event'))).toBe(true);
  });

  it('a hub that does not answer shows nothing beyond "sent", then "outcome unknown"', async () => {
    const h = hubWithSwitch(1);
    await stack.simControl('slow', { hubId: h.hubId, delayMs: 600_000 });
    try {
      const id = cid();
      const pending = write(support, h, id, 0);
      const seen = await stagesWith(() => byCorrelation(id), ['sent'], 'the sent stage while pending');
      expect(seen.state).toBe('pending');
      expect(kinds(seen)).toEqual(['accepted', 'sent']);
      const res = await pending;
      expect(res.status).toBe(504);
      const w = await stagesWith(() => byCorrelation(id), ['audit'], 'the audit stage');
      expect(kinds(w)).toEqual(['accepted', 'sent', 'outcome-unknown', 'audit']);
      expect(w.state).toBe('timedOut');
      expect(w.stages[2]?.label).toBe('no reply in time: outcome unknown');
    } finally {
      await stack.simControl('slow', { hubId: h.hubId, delayMs: 0 });
    }
  });

  it('cancel: the console stops waiting, the transaction records who cancelled, the late reply is still shown', async () => {
    const h = hubWithSwitch(2);
    await stack.simControl('slow', { hubId: h.hubId, delayMs: 1200 });
    try {
      const id = cid();
      const started = Date.now();
      const pending = write(support, h, id, 1);
      const { transactionId } = await stagesWith(() => byCorrelation(id), ['sent'], 'the action to be sent');
      // Someone without the role can neither see nor cancel it.
      expect((await nobody.call('GET', `/api/supportPlus/actions/${transactionId}`)).status).toBe(403);
      expect((await nobody.call('POST', `/api/supportPlus/actions/${transactionId}/cancel`)).status).toBe(
        403,
      );
      const cancel = await canceller.call('POST', `/api/supportPlus/actions/${transactionId}/cancel`);
      expect(cancel.status, JSON.stringify(cancel.json)).toBe(200);
      expect(cancel.json).toMatchObject({ transactionId, cancelledBy: 'Carla Cancel' });
      const res = await pending;
      expect(res.status).toBe(409);
      expect(res.json.message).toMatch(/^Cancelled by Carla Cancel/);
      // The console stopped waiting well before the hub answered (1.2 s) or timed out (2.5 s).
      expect(Date.now() - started).toBeLessThan(2500);
      // A second cancel is refused with who did it.
      const again = await canceller.call('POST', `/api/supportPlus/actions/${transactionId}/cancel`);
      expect(again.status).toBe(409);
      expect(again.json.message).toMatch(/already cancelled by Carla Cancel/);
      // The hub's late reply and the feature.event it caused are still recorded, marked late.
      const got = await stagesWith(
        () => byTransaction(transactionId),
        ['response', 'event'],
        'the late reply',
      );
      expect(got.state).toBe('cancelled');
      expect(got.cancelledBy).toBe('Carla Cancel');
      const cancelled = got.stages.find((s) => s.kind === 'cancelled');
      expect(cancelled?.label).toBe('cancelled by Carla Cancel');
      expect(got.stages.find((s) => s.kind === 'response')?.late).toBe(true);
      expect(got.stages.find((s) => s.kind === 'event')?.late).toBe(true);
      // The transaction and its note name who cancelled.
      const tx = () => db.collection('transactions').findOne({ transactionId });
      await until(async () => (await tx()) !== null, 'the transaction written');
      expect(await tx()).toMatchObject({
        state: 'cancelled',
        error: 'cancelled by Carla Cancel',
        success: null,
      });
      const note = await db
        .collection('supportnotes')
        .findOne({ notes: { $regex: `cancelled by Carla Cancel` }, customerId: h.rootGroupId });
      expect(note?.notes).toMatch(/^Sam Support .* ran Feature Write .*: cancelled by Carla Cancel$/);
      // The cancel is an audit event of its own, naming who cancelled.
      const events = await storedAuditEvents<{ transactionId: number; staff: { name: string } }>(
        stack.nc,
        stack.prefix,
        'action-cancel',
      );
      expect(events.find((e) => e.transactionId === transactionId)?.staff.name).toBe('Carla Cancel');
    } finally {
      await stack.simControl('slow', { hubId: h.hubId, delayMs: 0 });
    }
  });

  it('refuses to cancel a finished action, an unknown one, and bad ids', async () => {
    const h = hubWithSwitch(0);
    const res = await write(support, h, cid(), 0);
    expect(res.status).toBe(200);
    const done = await canceller.call('POST', `/api/supportPlus/actions/${res.json.transactionId}/cancel`);
    expect(done.status).toBe(409);
    expect(done.json.message).toMatch(/already finished/);
    expect((await canceller.call('POST', '/api/supportPlus/actions/12345/cancel')).status).toBe(404);
    expect((await support.call('GET', '/api/supportPlus/actions/12345')).status).toBe(404);
    expect((await support.call('GET', '/api/supportPlus/actions/abc')).status).toBe(400);
    expect((await support.call('GET', '/api/supportPlus/actions/correlation/bad!id')).status).toBe(400);
  });
});

describe('the raw channel’s waterfall', () => {
  it('a raw send to a hub carries its correlation id to the hub and back, with its stages', async () => {
    const h = hubWithSwitch(3) ?? hubWithSwitch(0);
    const hubId = String(h.hubId);
    const log = stack.watch(subjects(stack.prefix).hubMsgAll(h.hubId));
    await stack.nc.flush();
    const ws = await WsClient.open(stack, canceller);
    try {
      const id = cid();
      const reply = await ws.raw(hubId, envelope(7, 'system', 'read'), 10_000, id);
      expect(reply).toMatchObject({
        type: 'raw-reply',
        outcome: 'reply',
        transactionId: 7,
        correlationId: id,
      });
      const got = await stagesWith(() => byCorrelation(id), ['audit'], 'the raw send’s audit stage');
      expect(got).toMatchObject({
        correlationId: id,
        hubId: h.hubId,
        action: 'raw system.read',
        staff: 'Carla Cancel',
        state: 'replied',
      });
      expect(kinds(got)).toEqual(['accepted', 'sent', 'response', 'audit']);
      expect(got.stages[0]?.label).toBe('accepted by the gateway');
      expect(got.stages[0]?.detail).toBe('message transactionId 7');
      // The raw channel's audit event names the id too.
      const audits = await storedAuditEvents<{ transactionId: number; correlationId?: string }>(
        stack.nc,
        stack.prefix,
        'raw-channel',
      );
      expect(audits.find((e) => e.transactionId === 7)?.correlationId).toBe(id);
      const offsets = got.stages.map((s) => s.offsetMs);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      // The hub saw the id on the request and answered with it.
      const carried = log.filter((m) => m.headers?.get(CORRELATION_HEADERS.id) === id).map((m) => m.subject);
      expect(carried.some((s) => s.endsWith('.msg.request.system.read'))).toBe(true);
      expect(carried.some((s) => s.endsWith('.msg.response.system.read'))).toBe(true);
      // Without an id of the page's, the gateway makes one and sends it back.
      const own = await ws.raw(hubId, envelope(8, 'system', 'read'));
      expect(own.correlationId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
      await until(
        async () => kinds(await byCorrelation(own.correlationId as string)).includes('response'),
        'its stages',
      );
      // A malformed id is refused by the frame's schema, never sent.
      const bad = await ws.raw(hubId, envelope(9, 'system', 'read'), 10_000, 'bad id!');
      expect(bad).toMatchObject({ outcome: 'refused', statusCode: 400 });
    } finally {
      ws.close();
    }
  });

  it('a raw send to a hub that does not answer shows nothing beyond "sent", then "outcome unknown"', async () => {
    const h = hubWithSwitch(1);
    await stack.simControl('slow', { hubId: h.hubId, delayMs: 600_000 });
    const ws = await WsClient.open(stack, canceller);
    try {
      const id = cid();
      const reply = await ws.raw(String(h.hubId), envelope(11, 'system', 'read'), 15_000, id);
      expect(reply).toMatchObject({ outcome: 'timeout', correlationId: id });
      const w = await stagesWith(() => byCorrelation(id), ['audit'], 'the audit stage');
      expect(kinds(w)).toEqual(['accepted', 'sent', 'outcome-unknown', 'audit']);
      expect(w.state).toBe('timedOut');
    } finally {
      ws.close();
      await stack.simControl('slow', { hubId: h.hubId, delayMs: 0 });
    }
  });
});

describe('the firmware update’s waterfall', () => {
  it('shows the releases look-up as stages before the update’s own', async () => {
    const h = fleet[2] as SimHub;
    const d = h.devices[0] as SimHub['devices'][number];
    const id = cid();
    const res = await send(
      support,
      '/api/supportPlus/socket/firmware-update',
      { deviceId: d.deviceId, releaseId: `${d.productCode}-7.2`, productCode: d.productCode },
      id,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const got = await stagesWith(() => byCorrelation(id), ['audit'], 'the update’s audit stage');
    expect(got.state).toBe('replied');
    expect(got.stages.slice(0, 5).map((s) => [s.kind, s.label])).toEqual([
      ['accepted', 'accepted by the gateway'],
      ['sent', 'releases look-up sent to the hub'],
      ['response', expect.stringMatching(/^releases look-up: \d+ releases?$/)],
      ['sent', 'sent to the hub'],
      ['response', 'response item 0: ok'],
    ]);
    const offsets = got.stages.map((s) => s.offsetMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});
