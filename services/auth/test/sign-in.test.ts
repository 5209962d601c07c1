import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const h = useSuite(() => startAuth());

const login = (email: string, password: string, ip?: string) =>
  h.call('auth.login', { body: { email, password }, ip });
const verify = (attemptId: string, code: string, ip?: string) =>
  h.call('auth.verifyCode', { body: { attemptId, code }, ip });
const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');
/** Every failed code check, whatever the reason. */
const REFUSED = {
  statusCode: 401,
  error: 'Unauthorized',
  message:
    'That code does not work: it is wrong, expired or was used. Check it, or go back and sign in again.',
};

describe('sign-in with e-mail and password', () => {
  it('opens a session at once for a user without a one-time code, and lands by role', async () => {
    const u = await h.createUser({ roles: ['support'] });
    const reply = ok(await login(u.email.toUpperCase(), u.password));
    expect(reply.data).toEqual({
      user: { id: u.id, name: u.name, email: u.email, roles: ['support'], landing: '/supportPlus' },
    });
    expect(reply.session?.userId).toBe(u.id);
    const caller = await h.callerFor(reply.session?.sessionId as string);
    expect(caller).toMatchObject({ userId: u.id, email: u.email, roles: ['support'] });
    const me = ok(await h.call('auth.me', { caller }));
    expect(me.data).toMatchObject({ id: u.id, landing: '/supportPlus' });
    const { rows } = await h.app.pg.query('select last_login from staff_users where id = $1', [u.id]);
    expect(rows[0].last_login).toBeInstanceOf(Date);
  });

  it('answers the same 401 for an unknown e-mail, a wrong password and a disabled user', async () => {
    const u = await h.createUser();
    const off = await h.createUser({ active: false });
    const answers = [
      failed(await login('nobody-here@console.test', 'whatever')),
      failed(await login(u.email, `${u.password}x`)),
      failed(await login(off.email, off.password)),
    ];
    for (const a of answers) {
      expect(a).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid e-mail or password.' });
    }
  });

  it('asks for the e-mailed code with an unguessable attempt id, and the code opens the session', async () => {
    const u = await h.createUser({ roles: ['datauser'], requireOneTimeCode: true });
    const first = ok(await login(u.email, u.password));
    const { attemptId } = first.data as { attemptId: string };
    expect(first.data).toEqual({
      requiresOneTimeCode: true,
      userId: u.id,
      attemptId,
      message: 'A one-time code has been sent to your e-mail.',
    });
    // 32 random bytes: nothing in it is the user's id, and two attempts never share one.
    expect(attemptId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.session).toBeUndefined();
    const code = await h.nextCode(u.email);
    expect(code).toMatch(/^\d{6}$/);
    const done = ok(await verify(attemptId, code));
    expect(done.data).toMatchObject({ user: { id: u.id, landing: '/datamonitor' } });
    expect(await h.callerFor(done.session?.sessionId as string)).toMatchObject({ userId: u.id });
  });

  it('refuses the code by user id: only the attempt id addresses it', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    ok(await login(u.email, u.password));
    const code = await h.nextCode(u.email);
    const byUser = failed(await h.call('auth.verifyCode', { body: { userId: u.id, code } as never }));
    expect(byUser.statusCode).toBe(400);
  });

  it('answers a wrong, a used, an expired-or-unknown and a dead code with the very same 401', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const attempt = async () => {
      const { attemptId } = ok(await login(u.email, u.password)).data as { attemptId: string };
      return { attemptId, code: await h.nextCode(u.email) };
    };
    const pending = await attempt();
    const wrong = failed(await verify(pending.attemptId, otherThan(pending.code)));
    ok(await verify(pending.attemptId, pending.code));
    const used = failed(await verify(pending.attemptId, pending.code));
    // An attempt id nobody was given: what an expired attempt looks like (its key is gone).
    const unknown = failed(await verify('x'.repeat(43), pending.code));
    const killed = await attempt();
    for (let i = 0; i < 5; i++) failed(await verify(killed.attemptId, otherThan(killed.code)));
    const dead = failed(await verify(killed.attemptId, killed.code));
    for (const answer of [wrong, used, unknown, dead]) expect(answer).toEqual(REFUSED);
  });

  it('kills an attempt after five wrong tries through its id, even if the right code comes next', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(await login(u.email, u.password)).data as { attemptId: string };
    const code = await h.nextCode(u.email);
    for (let i = 1; i <= 5; i++)
      expect(failed(await verify(attemptId, otherThan(code))), `try ${i}`).toEqual(REFUSED);
    expect(failed(await verify(attemptId, code))).toEqual(REFUSED);
  });

  it('lets only one of two racing requests use the same code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(await login(u.email, u.password)).data as { attemptId: string };
    const code = await h.nextCode(u.email);
    const replies = await Promise.all([1, 2, 3].map(() => verify(attemptId, code)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
  });

  it('stores only hashes in Redis: neither the digits nor the attempt id', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(await login(u.email, u.password)).data as { attemptId: string };
    const code = await h.nextCode(u.email);
    const keys = await h.app.redis.keys(`${h.prefix}:otc:*`);
    expect(keys.some((k) => k.includes(attemptId))).toBe(false);
    const stored = await h.app.redis.hgetall(h.app.codes.attemptKey(attemptId));
    expect(stored.h).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('does not open a session for a user disabled between password and code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(await login(u.email, u.password)).data as { attemptId: string };
    const code = await h.nextCode(u.email);
    await h.app.pg.query('update staff_users set active = false where id = $1', [u.id]);
    expect(failed(await verify(attemptId, code))).toEqual(REFUSED);
  });
});

describe('the session afterwards', () => {
  it('logout ends the session and tells the gateway to drop the cookie', async () => {
    const u = await h.createUser();
    const caller = await h.signIn(u);
    const out = ok(await h.call('auth.logout', { caller }));
    expect(out).toMatchObject({ data: { message: 'Signed out.' }, endSession: true });
    expect(await h.callerFor(caller.sessionId)).toBeNull();
    // Without a session, logout still answers (the browser may hold a stale cookie).
    expect(ok(await h.call('auth.logout')).endSession).toBe(true);
  });

  it('me reads the user fresh: a deleted user is signed out', async () => {
    const u = await h.createUser({ roles: ['stats'] });
    const caller = await h.signIn(u);
    await h.app.pg.query('delete from staff_users where id = $1', [u.id]);
    expect(failed(await h.call('auth.me', { caller }))).toMatchObject({ statusCode: 401 });
    expect(await h.callerFor(caller.sessionId)).toBeNull();
  });

  it('me without a caller is a 401 from the service itself', async () => {
    expect(failed(await h.call('auth.me')).statusCode).toBe(401);
  });
});
