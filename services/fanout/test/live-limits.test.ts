import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { LiveClient, startLiveStack, until } from './live-helpers.ts';

// Issue 9 §4-5: what one signed-in user can cost everyone on /ws is bounded — inbound frames are
// rate-limited, live topics must name real hubs, and topics, sockets and stream consumers are
// capped per user below what the instance holds for everyone. (Small limits configured here.)
const s = useSuite(() =>
  startLiveStack({
    LIVE_INBOUND_PER_SECOND: '5',
    LIVE_INBOUND_BURST: '20',
    LIVE_MAX_TOPICS_PER_USER: '3',
    LIVE_MAX_STREAM_TOPICS: '6',
    LIVE_MAX_SOCKETS_PER_USER: '3',
    LIVE_TOPIC_LINGER_MS: '60000',
  }),
);

describe('inbound frames', () => {
  it('closes a socket that floods with 4029 after its burst, instead of answering every frame', async () => {
    const c = await LiveClient.open(s.url, await s.cookie(['support']));
    for (let i = 0; i < 500; i++) c.ws.send('x');
    await until(() => c.closed !== null, 'the flooding socket to be closed');
    expect(c.closed?.code).toBe(4029);
    const errors = c.frames.filter((f) => f.type === 'error').length;
    expect(errors).toBeLessThanOrEqual(20);
  });
});

describe('live topics', () => {
  it('must name a hub that exists: a made-up one is 404 and holds no consumer', async () => {
    const c = await LiveClient.open(s.url, await s.cookie(['support']));
    const before = await s.metric('console_live_subscriptions');
    expect(await c.subscribe('hub:missing-1')).toMatchObject({ type: 'error', statusCode: 404 });
    expect(await c.subscribe('structure:rg-x', { hubs: ['h-real', 'missing-2'] })).toMatchObject({
      type: 'error',
      statusCode: 404,
    });
    expect(await s.metric('console_live_subscriptions')).toBe(before);
    c.close();
  });

  it('are capped per user across sockets, so one user cannot take the stream budget', async () => {
    const cookie = await s.cookie(['support']);
    const a = await LiveClient.open(s.url, cookie);
    const b = await LiveClient.open(s.url, cookie);
    expect(await a.subscribe('hub:cap-1')).toMatchObject({ type: 'subscribed' });
    expect(await a.subscribe('hub:cap-2')).toMatchObject({ type: 'subscribed' });
    expect(await b.subscribe('hub:cap-3')).toMatchObject({ type: 'subscribed' });
    // The same topic on another socket costs nothing more; a fourth one is refused.
    expect(await b.subscribe('hub:cap-1')).toMatchObject({ type: 'subscribed' });
    expect(await b.subscribe('hub:cap-4')).toMatchObject({ type: 'error', statusCode: 429 });
    // Someone else still gets live slots.
    const other = await LiveClient.open(s.url, await s.cookie(['support']));
    expect(await other.subscribe('hub:other-1')).toMatchObject({ type: 'subscribed' });
    for (const c of [a, b, other]) c.close();
  });

  it('caps the sockets one user may hold open', async () => {
    const cookie = await s.cookie(['support']);
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await LiveClient.open(s.url, cookie));
    const fourth = await LiveClient.open(s.url, cookie);
    await until(() => fourth.closed !== null, 'the fourth socket to be closed');
    expect(fourth.closed?.code).toBe(4029);
    expect(open.every((c) => c.closed === null)).toBe(true);
    for (const c of open) c.close();
  });
});
