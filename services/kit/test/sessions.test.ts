import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src/sessions.ts';
import { scratchRedis } from '../src/testing/redis.ts';
import { infraEnv } from '../src/testing.ts';

// The gateway reads and touches a session in one round trip (GET and EXPIRE together): the idle
// timer restarts, but never past the session's absolute end, and an ended session stays ended.
const scratch = scratchRedis(infraEnv().REDIS_URL, `sess-${randomBytes(4).toString('hex')}`);
afterAll(async () => scratch.drop());
const user = { userId: '7', email: 'sam@console.test', name: 'Sam', roles: ['support' as const] };
const key = (sid: string) => `${scratch.prefix}:sess:${sid}`;

describe('using a session', () => {
  it('restarts the idle timer on use', async () => {
    const store = new SessionStore(scratch.redis, { idleSeconds: 60, absoluteSeconds: 3600 }, scratch.prefix);
    const sid = await store.open(user);
    await scratch.redis.expire(key(sid), 5);
    const record = await store.use(sid);
    expect(record).toMatchObject({ userId: '7', roles: ['support'] });
    const ttl = await scratch.redis.ttl(key(sid));
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('never lets the idle timer run past the absolute end', async () => {
    const store = new SessionStore(scratch.redis, { idleSeconds: 60, absoluteSeconds: 4 }, scratch.prefix);
    const sid = await store.open(user);
    expect(await store.use(sid)).not.toBeNull();
    expect(await scratch.redis.ttl(key(sid))).toBeLessThanOrEqual(4);
  });

  it('is null for an ended session, and using it does not bring it back', async () => {
    const store = new SessionStore(scratch.redis, { idleSeconds: 60, absoluteSeconds: 3600 }, scratch.prefix);
    const sid = await store.open(user);
    await store.end(sid);
    expect(await store.use(sid)).toBeNull();
    expect(await scratch.redis.exists(key(sid))).toBe(0);
  });

  it('ends a session past its absolute end even if its key is still there', async () => {
    const store = new SessionStore(scratch.redis, { idleSeconds: 60, absoluteSeconds: 3600 }, scratch.prefix);
    const sid = await store.open(user);
    const raw = (await scratch.redis.get(key(sid))) as string;
    await scratch.redis.set(
      key(sid),
      JSON.stringify({ ...JSON.parse(raw), expiresAt: Date.now() - 1000 }),
      'EX',
      60,
    );
    expect(await store.use(sid)).toBeNull();
    expect(await scratch.redis.exists(key(sid))).toBe(0);
  });
});
