/**
 * The overview's "connected now" on real NATS with JetStream: started after 1,500 hubs announced
 * themselves (more than one direct read of JetStream returns), it counts every connected one at
 * once, and, like hub-control's channel list, not those whose last presence is older than the TTL.
 * The busiest hubs are counted from the same hub messages.
 */
import { type OverviewCounts, streamNames } from '@console/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import type { LiveEntry } from '../src/live/entry.ts';
import { OverviewSource } from '../src/live/sources/overview.ts';
import { useStreams } from './live-helpers.ts';

const t = useStreams('ovw');
const s = t.s;
const prefix = t.prefix;

const connected = (e: LiveEntry | undefined) =>
  (JSON.parse(e?.json ?? '{}') as { data: { connectedHubs: number } }).data.connectedHubs;

describe('the overview’s connected hubs', () => {
  it('counts every connected hub from the stream at once, and leaves out stale and offline ones', async () => {
    const js = jetstream(t.nc);
    const now = Date.now();
    for (let hub = 1; hub <= 1500; hub++) {
      // 1,400 fresh and connected, 50 connected but silent for 10 minutes, 50 disconnected.
      const at = hub > 1400 && hub <= 1450 ? now - 600_000 : now;
      const body = { hubId: hub, connected: hub <= 1450, at };
      await js.publish(s.hubPresence(hub), JSON.stringify(body));
    }
    // One hub says it went away after its connected presence: the last one counts.
    await js.publish(s.hubPresence(7), JSON.stringify({ hubId: 7, connected: false, at: now }));
    const source = new OverviewSource(
      t.nc,
      s,
      { js, jsm: await jetstreamManager(t.nc), stream: streamNames(prefix).hubMsgs },
      90_000,
    );
    const ticks: LiveEntry[] = [];
    await source.start({ entry: (e) => ticks.push(e), fail: () => undefined });
    for (let end = Date.now() + 5000; ticks.length === 0 && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 50));
    expect(connected(ticks[0])).toBe(1399);
    await source.stop();
  }, 30_000);

  it('counts customers’ clients connected now by platform, and not those gone or silent', async () => {
    const source = new OverviewSource(t.nc, s, null, 90_000);
    const ticks: LiveEntry[] = [];
    await source.start({ entry: (e) => ticks.push(e), fail: () => undefined });
    const now = Date.now();
    const say = (platform: string, clientId: string, connected: boolean, at = now) =>
      t.nc.publish(
        s.clientPresence(platform, clientId),
        JSON.stringify({ clientId, userId: 'u', platform, connected, at }),
      );
    for (let i = 0; i < 3; i++) say('app', `a${i}`, true);
    for (let i = 0; i < 2; i++) say('web', `w${i}`, true);
    say('agent', 'g1', true);
    say('agent', 'g1', false); // left again
    say('app', 'old', true, now - 600_000); // silent for 10 minutes
    say('desktop', 'x', true); // not a platform the overview knows
    t.nc.publish(s.clientPresence('app', 'junk'), 'not json');
    await t.nc.flush();
    const users = (e: LiveEntry | undefined) =>
      (JSON.parse(e?.json ?? '{}') as { data: { liveUsers: Record<string, number> } }).data.liveUsers;
    const from = ticks.length;
    for (let end = Date.now() + 5000; ticks.length <= from && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 50));
    expect(users(ticks.at(-1))).toEqual({ app: 3, web: 2, agent: 0 });
    await source.stop();
  }, 30_000);

  it('names the busiest hubs with their messages a second, busiest first', async () => {
    const source = new OverviewSource(t.nc, s, null, 90_000);
    const ticks: LiveEntry[] = [];
    await source.start({ entry: (e) => ticks.push(e), fail: () => undefined });
    // Before the first tick (a second after the start): 30 messages from one hub, 5 from another,
    // one from each of 12 others; only the 10 busiest are named.
    for (let i = 0; i < 30; i++) t.nc.publish(s.hubMsg(501, 'notification', 'feature', 'write'), '{}');
    for (let i = 0; i < 5; i++) t.nc.publish(s.hubMsg(502, 'response', 'log', 'read'), '{}');
    for (let hub = 600; hub < 612; hub++)
      t.nc.publish(s.hubMsg(hub, 'notification', 'device', 'status'), '{}');
    await t.nc.flush();
    for (let end = Date.now() + 5000; ticks.length === 0 && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 20));
    const busiest = (JSON.parse(ticks[0]?.json ?? '{}') as { data: OverviewCounts }).data.busiestHubs;
    expect(busiest.length).toBe(10);
    expect(busiest.slice(0, 3)).toEqual([
      { hubId: 501, messagesPerSecond: 30 },
      { hubId: 502, messagesPerSecond: 5 },
      { hubId: 600, messagesPerSecond: 1 },
    ]);
    expect(busiest.slice(2).map((b) => b.hubId)).toEqual([600, 601, 602, 603, 604, 605, 606, 607]);
    await source.stop();
  }, 30_000);
});
