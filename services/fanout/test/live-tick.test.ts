/**
 * The live fan-out's tick as a floor between one topic's writes (real fan-out, NATS with
 * JetStream, Redis; hubs played by the scripted publisher of live-helpers.ts, as in live.test.ts).
 * A long tick makes the rule visible without depending on how fast this machine is: delays can
 * only make the gaps below longer, never shorter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, type LiveStack, startLiveStack, until } from './live-helpers.ts';

const TICK = 1000;
let stack: LiveStack;
let support: string;

beforeAll(async () => {
  stack = await startLiveStack({ LIVE_TICK_MS: String(TICK), LIVE_BACKFILL: '0' });
  support = await stack.cookie(['support']);
});

afterAll(async () => {
  await stack?.close();
});

describe('the tick', () => {
  it('holds a busy topic to one frame per tick, without holding back another topic', async () => {
    const c = await LiveClient.open(stack.url, support);
    await c.subscribe('hub:701');
    await c.subscribe('hub:702');
    const arrivals: { topic: string; at: number; count: number }[] = [];
    c.ws.on('message', (d) => {
      const f = JSON.parse(String(d));
      if (f.type === 'events')
        arrivals.push({ topic: f.topic, at: performance.now(), count: f.events.length });
    });

    stack.hubMsg('701', 'notification', 'log', 'add', { n: 0 });
    await c.waitForEvents('hub:701', 1);
    // Five more within the tick that the first write started: they wait for it, then go out together.
    for (let n = 1; n <= 5; n++) {
      stack.hubMsg('701', 'notification', 'log', 'add', { n });
      await new Promise((r) => setTimeout(r, 60));
    }
    // Meanwhile another topic's first event is not held back by hub:701's tick.
    stack.hubMsg('702', 'notification', 'log', 'add', { n: 0 });
    await c.waitForEvents('hub:702', 1);
    await c.waitForEvents('hub:701', 6, 10_000);

    const busy = arrivals.filter((a) => a.topic === 'hub:701');
    expect(busy.map((a) => a.count)).toEqual([1, 5]);
    const [first, second] = busy as [(typeof busy)[0], (typeof busy)[0]];
    expect(second.at - first.at).toBeGreaterThanOrEqual(TICK - 50);
    const other = arrivals.find((a) => a.topic === 'hub:702');
    expect(other && other.at < second.at).toBe(true);
    await until(() => c.events('hub:701').length === 6, 'nothing more');
    c.close();
  });
});
