/**
 * The live fan-out on /ws: the real fan-out from app.ts, real NATS with JetStream, real Redis.
 *
 * Stand-in: the hubs are played by a scripted publisher in this process (live-helpers.ts
 * `hubMsg`), which publishes hub envelopes as JSON on the hub subjects exactly as the simulator
 * does. It lets each rule be checked against precisely what was published; the simulator and
 * hub-control behind the fan-out belong to tests/integration/.
 */
import { subjects } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, type LiveStack, startLiveStack, until } from './live-helpers.ts';

let stack: LiveStack;
let support: string;

beforeAll(async () => {
  stack = await startLiveStack({ LIVE_BACKFILL: '20' });
  support = await stack.cookie(['support']);
});

afterAll(async () => {
  await stack?.close();
});

const consumersOn = async (hubId: string) => {
  const filter = subjects(stack.prefix).hubMsgAll(hubId);
  const list = await stack.jsm.consumers.list(stack.stream).next();
  return list.filter((c) => [c.config.filter_subject, ...(c.config.filter_subjects ?? [])].includes(filter))
    .length;
};

describe('fan-out', () => {
  it('delivers a hub’s messages to a subscribed socket, in order, with increasing offsets', async () => {
    const c = await LiveClient.open(stack.url, support);
    expect(await c.subscribe('hub:101')).toMatchObject({ type: 'subscribed', topic: 'hub:101' });
    for (let i = 0; i < 30; i++) stack.hubMsg('101', 'notification', 'feature', 'write', { n: i });
    const events = await c.waitForEvents('hub:101', 30);
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual([...Array(30).keys()]);
    const offsets = events.map((e) => e.offset);
    expect(offsets.every((o, i) => i === 0 || o > (offsets[i - 1] as number))).toBe(true);
    expect(new Set(events.map((e) => e.epoch)).size).toBe(1);
    expect(events[0]).toMatchObject({
      kind: 'message',
      subject: subjects(stack.prefix).hubMsg('101', 'notification', 'feature', 'write'),
      meta: { direction: 'notification', class: 'feature', operation: 'write', clientType: 'link2' },
    });
    c.close();
  });

  it('shares one source per topic however many sockets watch it, holds no broker consumer for it, and lets go after the last', async () => {
    const held = () => stack.metric('console_live_subscriptions');
    await until(async () => (await held()) === 0, 'earlier topics to be let go');
    const a = await LiveClient.open(stack.url, support);
    const b = await LiveClient.open(stack.url, support);
    await a.subscribe('hub:102');
    await b.subscribe('hub:102');
    expect(await held()).toBe(1);
    expect(await stack.metric('console_live_watchers')).toBeGreaterThanOrEqual(2);
    // Live events come from the stream's re-publication: the history read's consumer is gone.
    expect(await consumersOn('102')).toBe(0);
    for (let i = 0; i < 5; i++) stack.hubMsg('102', 'request', 'system', 'read');
    expect((await a.waitForEvents('hub:102', 5)).map((e) => e.offset)).toEqual(
      (await b.waitForEvents('hub:102', 5)).map((e) => e.offset),
    );
    a.close();
    b.close();
    await until(async () => (await held()) === 0, 'the topic to go');
  });

  it('filters on the server by client type, class, operation and free text', async () => {
    const byClass = await LiveClient.open(stack.url, support);
    const byType = await LiveClient.open(stack.url, support);
    const byText = await LiveClient.open(stack.url, support);
    await byClass.subscribe('hub:103', { filter: { classes: ['log'], operations: ['add'] } });
    await byType.subscribe('hub:103', { filter: { clientTypes: ['user'] } });
    await byText.subscribe('hub:103', { filter: { text: 'NEEDLE' } });
    stack.hubMsg('103', 'notification', 'log', 'add', { n: 1 });
    stack.hubMsg('103', 'notification', 'log', 'clear', { n: 2 });
    stack.hubMsg('103', 'request', 'system', 'read', { n: 3, clientType: 'user' });
    stack.hubMsg('103', 'request', 'device', 'read', { n: 4, senderId: 'user.c1.d1' });
    stack.hubMsg('103', 'response', 'device', 'read', { n: 5, note: 'a needle here' });
    stack.hubMsg('103', 'notification', 'log', 'add', { n: 6 });
    const ns = (c: LiveClient) => c.events('hub:103').map((e) => (e.data as { n: number }).n);
    await until(
      () => ns(byClass).length === 2 && ns(byType).length === 2 && ns(byText).length === 1,
      'filtered',
    );
    await new Promise((r) => setTimeout(r, 100)); // nothing else trickles in
    expect(ns(byClass)).toEqual([1, 6]);
    expect(ns(byType)).toEqual([3, 4]);
    expect(ns(byText)).toEqual([5]);
    for (const c of [byClass, byType, byText]) c.close();
  });

  it('back-fills a newly opened panel with the latest events from JetStream', async () => {
    for (let i = 0; i < 50; i++) stack.hubMsg('104', 'notification', 'device', 'status', { n: i });
    stack.nc.publish(subjects(stack.prefix).hubPresence('104'), JSON.stringify({ connected: true }));
    await stack.nc.flush();
    await until(async () => (await stack.jsm.streams.info(stack.stream)).state.messages >= 51, 'stored');
    const c = await LiveClient.open(stack.url, support);
    await c.subscribe('hub:104');
    const backfill = await c.waitForEvents('hub:104', 20);
    expect(backfill).toHaveLength(20); // LIVE_BACKFILL
    expect(backfill.at(-1)).toMatchObject({ kind: 'presence', data: { connected: true } });
    expect(backfill.slice(0, -1).map((e) => (e.data as { n: number }).n)).toEqual(
      Array.from({ length: 19 }, (_, i) => 31 + i),
    );
    stack.hubMsg('104', 'notification', 'device', 'status', { n: 50 });
    const all = await c.waitForEvents('hub:104', 21);
    expect(all.at(-1)?.data).toMatchObject({ n: 50 });
    c.close();
  });

  it('counts a malformed hub message, shows it as malformed, and keeps going', async () => {
    const before = await stack.metric('console_live_malformed_total');
    const c = await LiveClient.open(stack.url, support);
    await c.subscribe('hub:105');
    stack.nc.publish(
      subjects(stack.prefix).hubMsg('105', 'notification', 'log', 'add'),
      '{"version":"1.0","items":[{',
    );
    stack.hubMsg('105', 'notification', 'log', 'add', { n: 1 });
    const [bad, good] = await c.waitForEvents('hub:105', 2);
    expect(bad).toMatchObject({
      data: null,
      malformed: '{"version":"1.0","items":[{',
      meta: { class: 'log' },
    });
    expect(good?.data).toMatchObject({ n: 1 });
    expect(await stack.metric('console_live_malformed_total')).toBe(before + 1);
    c.close();
  });

  it('checks each topic against the caller’s roles and the topic’s shape', async () => {
    const c = await LiveClient.open(stack.url, support);
    expect(await c.subscribe('supervisor')).toMatchObject({ type: 'error', statusCode: 403 });
    expect(await c.subscribe('hub:not.valid')).toMatchObject({ type: 'error', statusCode: 400 });
    const admin = await LiveClient.open(stack.url, await stack.cookie(['admin']));
    expect(await admin.subscribe('supervisor')).toMatchObject({ type: 'subscribed' });
    const marketing = await LiveClient.open(stack.url, await stack.cookie(['marketing']));
    expect(await marketing.subscribe('hub:1')).toMatchObject({ type: 'error', statusCode: 403 });
    for (const x of [c, admin, marketing]) x.close();
  });
});

describe('other topics', () => {
  it('merges the hubs of a structure into one ordered stream', async () => {
    const c = await LiveClient.open(stack.url, support);
    await c.subscribe('structure:7-abc', { hubs: ['201', '202'] });
    stack.hubMsg('201', 'notification', 'feature', 'write', { n: 1 });
    stack.hubMsg('203', 'notification', 'feature', 'write', { n: 2 }); // not in the structure
    stack.hubMsg('202', 'notification', 'feature', 'write', { n: 3 });
    const events = await c.waitForEvents('structure:7-abc', 2);
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual([1, 3]);
    const tooMany = Array.from({ length: 21 }, (_, i) => String(i));
    c.send({ type: 'subscribe', topic: 'structure:7-abc', hubs: tooMany });
    await c.waitFor((f) => f.type === 'error' && f.statusCode === 400, 'a refusal');
    c.close();
  });

  it('streams a WiFi link’s pings and the overview counts', async () => {
    const s = subjects(stack.prefix);
    const c = await LiveClient.open(stack.url, support);
    await c.subscribe('wfl:74:0A:BC:00:00:01:pings');
    await c.subscribe('overview');
    stack.nc.publish(s.wflPing('74:0A:BC:00:00:01'), JSON.stringify({ data: 'x' }));
    stack.nc.publish(s.hubPresence('301'), JSON.stringify({ connected: true }));
    stack.hubMsg('301', 'notification', 'log', 'add');
    stack.hubMsg('301', 'notification', 'log', 'add');
    expect(await c.waitForEvents('wfl:74:0A:BC:00:00:01:pings', 1)).toMatchObject([
      { offset: 1, kind: 'ping', data: { data: 'x' } },
    ]);
    await until(
      () =>
        c.events('overview').some((e) => (e.data as { byClass: Record<string, number> }).byClass.log === 2),
      'the overview to count the logs',
    );
    const counts = c.events('overview').at(-1)?.data as { connectedHubs: number };
    expect(counts.connectedHubs).toBeGreaterThanOrEqual(2); // 104 and 301 said connected
    c.close();
  });
});
