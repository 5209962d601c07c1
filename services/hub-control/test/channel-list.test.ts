import type { ChannelListPending, ChannelPage, ChannelRefresh, ServiceReply } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, startHubControl } from './harness.ts';

/**
 * The live channel list through its NATS endpoints, on the real app and simulator. The hubs
 * re-announce every second and an instance counts as warm two seconds after it starts, so the
 * warm-up can be watched; the 10,000 extra hubs of the refresh test are presence keys written
 * straight into Redis, as another instance would have left them.
 */
const h = useSuite(() => startHubControl({ PRESENCE_REFRESH_S: '2' }, { SIM_PRESENCE_REFRESH_S: '1' }));
const staff = () => h.caller(['support'], 'Sam Support');
const FAKE_BASE = 9_000_000_000_000;
const FAKES = 10_000;

const list = (continueFrom: string, pageSize: number) =>
  h.call('hub-control.channelListPage', staff(), null, { continueFrom, pageSize: String(pageSize) });
const pendingOf = (reply: ServiceReply) => {
  expect(reply).toMatchObject({ ok: true, status: 202 });
  return data<ChannelListPending>(reply);
};
/** Every page from the start, checking each one's marker and size. */
async function readAll(pageSize: number) {
  const pages: ChannelPage[] = [];
  let from = '0';
  for (;;) {
    const page = data<ChannelPage>(await list(from, pageSize));
    expect(page.channels.length).toBeLessThanOrEqual(pageSize);
    pages.push(page);
    if (page.continueFrom === null) break;
    expect(page.continueFrom).toBe(String(page.channels.at(-1)?.hubId));
    from = page.continueFrom;
  }
  return { pages, ids: pages.flatMap((p) => p.channels.map((c) => c.hubId)) };
}
/** A page, as opposed to a 202 (also a success) or an error. */
const isPage = (r: ServiceReply) => r.ok && r.status === undefined;
const warm = () =>
  h.waitUntil(async () => isPage(await h.call('hub-control.channelList', staff())), 'a warm list', 10_000);

describe('the live channel list', () => {
  it('pages the connected hubs by hubId from a marker until the total is reached', async () => {
    await warm();
    const fleetIds = h.fleet.map((x) => x.hubId).sort((a, b) => a - b);
    const { pages, ids } = await readAll(3);
    expect(ids).toEqual(fleetIds);
    expect(pages).toHaveLength(Math.ceil(fleetIds.length / 3));
    expect(pages.every((p) => p.total === fleetIds.length)).toBe(true);
    const first = data<ChannelPage>(await h.call('hub-control.channelList', staff()));
    expect(first).toMatchObject({ total: fleetIds.length, continueFrom: null });
    const id = fleetIds[0] as number;
    expect(first.channels[0]).toMatchObject({
      handlerId: `link2.${id}.${id}`,
      hubId: id,
      hubIdHex: id.toString(16),
      workerId: h.workerId,
    });
    expect(first.channels[0]?.connectedSince).toBeLessThanOrEqual(first.channels[0]?.lastSeen ?? 0);
  });

  it('leaves out a hub that went offline, and the next page still starts after the marker', async () => {
    const ids = h.fleet.map((x) => x.hubId).sort((a, b) => a - b);
    const gone = ids[3] as number;
    const page1 = data<ChannelPage>(await list('0', 3));
    await h.simControl('offline', { hubId: gone, offline: true });
    try {
      await h.waitUntil(async () => (await h.app.presence.get(gone))?.connected === false, 'offline');
      const page2 = data<ChannelPage>(await list(page1.continueFrom ?? '', 3));
      expect(page2.channels.map((c) => c.hubId)).toEqual([ids[4], ids[5], ids[6]]);
      expect(page2.total).toBe(ids.length - 1);
    } finally {
      await h.simControl('offline', { hubId: gone, offline: false });
    }
    await h.waitUntil(async () => (await h.app.presence.get(gone))?.connected === true, 'back online');
  });

  it('refuses a page over 1000 with a 413 the client can act on, and an empty page with a 400', async () => {
    const big = failure(await list('0', 1001));
    expect(big).toMatchObject({ statusCode: 413 });
    expect(big.message).toMatch(/at most 1000/);
    expect(failure(await list('0', 0)).statusCode).toBe(400);
    expect(data<ChannelPage>(await list('0', 1000)).continueFrom).toBeNull();
  });

  it('is for support and dev staff only', async () => {
    const refused = failure(await h.call('hub-control.channelList', h.caller(['marketing'], 'Mo Market')));
    expect(refused.statusCode).toBe(403);
  });

  it('rebuilds from Redis on refresh (202 meanwhile), keeping only connected, fresh presences', async () => {
    const now = Date.now();
    const ttlMs = h.config.PRESENCE_TTL_S * 1000;
    const presence = (hubId: number, connected: boolean, at: number) =>
      JSON.stringify({
        hubId,
        rootGroupId: `r${hubId}`,
        connected,
        workerId: 'elsewhere',
        since: at - 5000,
        at,
      });
    const pipe = h.redis.pipeline();
    for (let i = 1; i <= FAKES; i++)
      pipe.set(`${h.prefix}:presence:${FAKE_BASE + i}`, presence(FAKE_BASE + i, true, now), 'PX', ttlMs);
    pipe.set(
      `${h.prefix}:presence:${FAKE_BASE + FAKES + 1}`,
      presence(FAKE_BASE + FAKES + 1, false, now),
      'PX',
      ttlMs,
    );
    // A key that outlived its presence (written with a longer expiry): not live.
    pipe.set(`${h.prefix}:presence:${FAKE_BASE}`, presence(FAKE_BASE, true, now - ttlMs - 1000), 'PX', ttlMs);
    await pipe.exec();
    const fleet = h.fleet.length;
    expect(data<ChannelPage>(await h.call('hub-control.channelList', staff())).total).toBe(fleet);

    const refreshing = h.call('hub-control.channelListRefresh', staff());
    const during = pendingOf(await h.call('hub-control.channelList', staff()));
    expect(during).toMatchObject({ pending: true, retryAfterMs: 5000 });
    expect(during.message).toMatch(/rebuilt/);

    let reply = await refreshing;
    for (let i = 0; reply.ok && reply.status === 202 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 250));
      reply = await h.call('hub-control.channelListRefresh', staff());
    }
    expect(data<ChannelRefresh>(reply).total).toBe(fleet + FAKES);

    const started = performance.now();
    const { pages, ids } = await readAll(1000);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(pages).toHaveLength(Math.ceil((fleet + FAKES) / 1000));
    expect(new Set(ids).size).toBe(fleet + FAKES);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as number))).toBe(true);
    expect(ids).not.toContain(FAKE_BASE);
    expect(ids).not.toContain(FAKE_BASE + FAKES + 1);
  });

  it('answers 202 on an instance that started less than one presence refresh ago, then the whole fleet', async () => {
    const cold = await h.another();
    // The only instance left, so the requests reach the cold one.
    await h.app.close();
    const first = pendingOf(await h.call('hub-control.channelList', staff()));
    expect(first.message).toMatch(/not every connected link has announced itself/);
    await h.waitUntil(async () => isPage(await h.call('hub-control.channelList', staff())), 'warm', 10_000);
    const page = data<ChannelPage>(await h.call('hub-control.channelList', staff()));
    // It heard every simulated hub re-announce; the keys only Redis holds wait for a refresh.
    expect(page.total).toBe(h.fleet.length);
    expect(cold.channels.pending()).toBeNull();
  });
});
