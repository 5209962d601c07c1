/**
 * Role changes and account ends reach open live sockets at once (issue 29 §7), through the session
 * store's announcements on Redis and auth's staff-access record on NATS, not the periodic check:
 * that check is set to 10 minutes here.
 *
 * Stand-in: the admin's change is made through the kit's SessionStore, as auth's admin operations
 * do (auth.adminUpdate → updateUser, disable/revoke → endAllFor); auth itself is not running.
 */
import { STAFF_ACCESS_AUDIT, subjects } from '@console/contracts';
import { infraEnv } from '@console/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, type LiveStack, startLiveStack } from './live-helpers.ts';

let stack: LiveStack;

beforeAll(async () => {
  stack = await startLiveStack({ LIVE_SESSION_CHECK_MS: '600000' });
});

afterAll(async () => {
  await stack?.close();
});

describe('an admin changing a signed-in user', () => {
  it('drops the live topics a role removal no longer allows within 1 s, keeping the socket', async () => {
    const { cookie, userId, store } = await stack.session(['support', 'marketing']);
    const c = await LiveClient.open(stack.url, cookie);
    expect(await c.subscribe('hub:1')).toMatchObject({ type: 'subscribed' });
    const started = Date.now();
    await store.updateUser(userId, { roles: ['marketing'] });
    const refused = await c.waitFor(
      (f) => f.type === 'error' && f.topic === 'hub:1' && f.statusCode === 403,
      'the topic dropped',
      1000,
    );
    expect(refused).toMatchObject({ message: 'Your roles do not include this live topic.' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(c.closed).toBeNull();
    // The downgrade holds for what the socket asks next, too.
    expect(await c.subscribe('hub:2')).toMatchObject({ type: 'error', statusCode: 403 });
    c.close();
  });

  it('re-checks a user’s sockets when auth’s staff-access record arrives on NATS', async () => {
    const { cookie, userId, sid } = await stack.session(['support', 'marketing']);
    const c = await LiveClient.open(stack.url, cookie);
    expect(await c.subscribe('hub:1')).toMatchObject({ type: 'subscribed' });
    // The roles change in Redis with no announcement there: only the NATS record can tell the fan-out.
    const redis = new Redis(infraEnv().REDIS_URL);
    const key = `${stack.prefix}:sess:${sid}`;
    const record = JSON.parse((await redis.get(key)) as string);
    await redis.set(key, JSON.stringify({ ...record, roles: ['marketing'] }), 'KEEPTTL');
    redis.disconnect();
    const started = Date.now();
    stack.nc.publish(
      subjects(stack.prefix).audit(STAFF_ACCESS_AUDIT),
      JSON.stringify({ kind: STAFF_ACCESS_AUDIT, staffUserId: userId, change: 'update' }),
    );
    await c.waitFor(
      (f) => f.type === 'error' && f.topic === 'hub:1' && f.statusCode === 403,
      'dropped',
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    c.close();
  });

  it('closes the sockets of a disabled account within 1 s', async () => {
    const { cookie, userId, store } = await stack.session(['support']);
    const c = await LiveClient.open(stack.url, cookie);
    expect(await c.subscribe('hub:1')).toMatchObject({ type: 'subscribed' });
    const started = Date.now();
    await store.endAllFor(userId);
    const deadline = started + 1000;
    while (!c.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(c.closed).toMatchObject({ code: 4401 });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
