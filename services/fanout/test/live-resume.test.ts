/**
 * Resuming after a reconnect, being told to reload, and being cut off for falling behind: the real
 * fan-out from app.ts on real NATS with JetStream and Redis.
 *
 * Stand-in: the hubs are a scripted publisher in this process (live-helpers.ts `hubMsg`), so
 * every test knows exactly which stream sequences exist and which were missed.
 */
import type { LiveEvent } from '@console/contracts';
import { ensureStreams } from '@console/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LiveClient, type LiveStack, startLiveStack, until } from './live-helpers.ts';

let stack: LiveStack;
let support: string;
const RELOAD = 'History moved on; reload to see the latest.';

beforeAll(async () => {
  stack = await startLiveStack({
    LIVE_RING_SIZE: '20',
    LIVE_BACKFILL: '10',
    LIVE_SLOW_CONSUMER_BYTES: String(64 * 1024),
  });
  support = await stack.cookie(['support']);
});

afterAll(async () => {
  await stack?.close();
});

const publish = async (hubId: string, count: number, from = 0) => {
  for (let i = 0; i < count; i++) stack.hubMsg(hubId, 'notification', 'device', 'status', { n: from + i });
  await stack.nc.flush();
};
const ns = (events: LiveEvent[]) => events.map((e) => (e.data as { n: number }).n);
const lastOf = (events: LiveEvent[]) => {
  const e = events.at(-1) as LiveEvent;
  return { epoch: e.epoch, offset: e.offset };
};
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** A socket that watched `topic`, saw `count` events, and went away. */
async function watchedThenLeft(topic: string, hubId: string, count: number) {
  const c = await LiveClient.open(stack.url, support);
  await c.subscribe(topic);
  await publish(hubId, count);
  const seen = await c.waitForEvents(topic, count);
  c.close();
  return lastOf(seen);
}

describe('resume after a reconnect', () => {
  it('sends exactly the missed events while the topic is still live (from memory)', async () => {
    const keeper = await LiveClient.open(stack.url, support);
    await keeper.subscribe('hub:401');
    const at = await watchedThenLeft('hub:401', '401', 5);
    await publish('401', 8, 5);
    const back = await LiveClient.open(stack.url, support);
    expect(await back.subscribe('hub:401', { resume: at })).toMatchObject({ type: 'subscribed' });
    await publish('401', 2, 13);
    expect(ns(await back.waitForEvents('hub:401', 10))).toEqual(range(5, 15));
    expect(back.events('hub:401').map((e) => e.offset)).toEqual(
      keeper
        .events('hub:401')
        .slice(5)
        .map((e) => e.offset),
    );
    keeper.close();
    back.close();
  });

  it('replays from JetStream what memory no longer holds, with no gap and no duplicate', async () => {
    const keeper = await LiveClient.open(stack.url, support);
    await keeper.subscribe('hub:402');
    const at = await watchedThenLeft('hub:402', '402', 3);
    await publish('402', 60, 3); // three times the ring
    const back = await LiveClient.open(stack.url, support);
    await back.subscribe('hub:402', { resume: at });
    expect(ns(await back.waitForEvents('hub:402', 60))).toEqual(range(3, 63));
    keeper.close();
    back.close();
  });

  it('replays after the topic itself was let go', async () => {
    const at = await watchedThenLeft('hub:403', '403', 4);
    await until(async () => (await stack.metric('console_live_topics')) <= 2, 'the topic to be let go');
    await publish('403', 30, 4);
    const back = await LiveClient.open(stack.url, support);
    await back.subscribe('hub:403', { resume: at });
    await publish('403', 1, 34);
    expect(ns(await back.waitForEvents('hub:403', 31))).toEqual(range(4, 35));
    back.close();
  });
});

describe('reload instead of a silent gap', () => {
  it('tells a browser with an unknown epoch to reload', async () => {
    const c = await LiveClient.open(stack.url, support);
    expect(await c.subscribe('hub:404', { resume: { epoch: 'elsewhere', offset: 1 } })).toEqual({
      type: 'reload',
      topic: 'hub:404',
      reason: RELOAD,
    });
    c.close();
  });

  it('tells it to reload when the offset was purged from the stream', async () => {
    const at = await watchedThenLeft('hub:405', '405', 3);
    // Once the topic is let go, only the stream can say what was missed.
    await until(async () => (await stack.metric('console_live_topics')) === 0, 'the topic to be let go');
    await publish('405', 2, 3); // missed, then purged: lost to this browser
    await stack.jsm.streams.purge(stack.stream);
    await publish('405', 2, 5);
    const c = await LiveClient.open(stack.url, support);
    expect(await c.subscribe('hub:405', { resume: at })).toMatchObject({ type: 'reload', reason: RELOAD });
    expect(await stack.metric('console_live_reloads_total')).toBeGreaterThanOrEqual(1);
    c.close();
  });

  it('tells it to reload when a subject dropped messages past its per-subject limit', async () => {
    const at = await watchedThenLeft('hub:406', '406', 2);
    await until(async () => (await stack.metric('console_live_topics')) === 0, 'the topic to be let go');
    await ensureStreams(stack.nc, stack.prefix, { hubPerSubject: 5 });
    try {
      await publish('406', 8, 2);
      const c = await LiveClient.open(stack.url, support);
      expect(await c.subscribe('hub:406', { resume: at })).toMatchObject({ type: 'reload' });
      c.close();
    } finally {
      await ensureStreams(stack.nc, stack.prefix);
    }
  });
});

describe('a browser that cannot keep up', () => {
  it('is cut off with 4008 while another socket on the same topic receives everything', async () => {
    const cutsBefore = await stack.metric('console_live_slow_consumer_cuts_total');
    const slow = await LiveClient.open(stack.url, support);
    const fine = await LiveClient.open(stack.url, support);
    await slow.subscribe('hub:407');
    await fine.subscribe('hub:407');
    // Stop reading the TCP socket, as a frozen tab or a saturated link would.
    const tcp = (slow.ws as WebSocket & { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    const pad = 'x'.repeat(2000);
    const total = 6000;
    for (let i = 0; i < total; i += 500) {
      for (let j = i; j < i + 500; j++)
        stack.hubMsg('407', 'notification', 'log', `op${j % 20}`, { n: j, pad });
      await stack.nc.flush();
      // The reading socket keeps pace batch by batch (on a loaded machine it could otherwise fall
      // 4 MiB behind too); the paused one only ever grows.
      await fine.waitForEvents('hub:407', i + 500, 30_000);
    }
    expect(ns(await fine.waitForEvents('hub:407', total, 30_000))).toEqual(range(0, total));
    await until(
      async () => (await stack.metric('console_live_slow_consumer_cuts_total')) > cutsBefore,
      'a cut',
    );
    tcp.resume();
    await until(() => slow.closed !== null, 'the slow socket to close');
    expect(slow.closed?.code).toBe(4008);
    expect(slow.events('hub:407').length).toBeLessThan(total);
    fine.close();
  }, 60_000);
});
