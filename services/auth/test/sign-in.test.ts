import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const h = useSuite(() => startAuth());

const login = (email: string, password: string, ip?: string) =>
  h.call('auth.login', { body: { email, password }, ip });

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

  it('asks for the e-mailed code, and the code from the mailbox opens the session', async () => {
    const u = await h.createUser({ roles: ['datauser'], requireOneTimeCode: true });
    const first = ok(await login(u.email, u.password));
    expect(first.data).toEqual({
      requiresOneTimeCode: true,
      userId: u.id,
      message: 'A one-time code has been sent to your e-mail.',
    });
    expect(first.session).toBeUndefined();
    const code = await h.nextCode(u.email);
    expect(code).toMatch(/^\d{6}$/);
    const done = ok(await h.call('auth.verifyCode', { body: { userId: u.id, code } }));
    expect(done.data).toMatchObject({ user: { id: u.id, landing: '/datamonitor' } });
    expect(await h.callerFor(done.session?.sessionId as string)).toMatchObject({ userId: u.id });
  });

  it('refuses a code that was already used', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { userId } = ok(await login(u.email, u.password)).data as { userId: string };
    const code = await h.nextCode(u.email);
    ok(await h.call('auth.verifyCode', { body: { userId, code } }));
    const again = failed(await h.call('auth.verifyCode', { body: { userId, code } }));
    expect(again).toMatchObject({
      statusCode: 401,
      message: 'The code has expired or was used; please sign in again.',
    });
  });

  it('kills a code after five wrong tries, even if the right one comes next', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { userId } = ok(await login(u.email, u.password)).data as { userId: string };
    const code = await h.nextCode(u.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i <= 5; i++) {
      const r = failed(await h.call('auth.verifyCode', { body: { userId, code: wrong } }));
      expect(r, `try ${i}`).toMatchObject({ statusCode: 401, message: 'Wrong code.' });
    }
    const late = failed(await h.call('auth.verifyCode', { body: { userId, code } }));
    expect(late.message).toBe('The code has expired or was used; please sign in again.');
  });

  it('lets only one of two racing requests use the same code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { userId } = ok(await login(u.email, u.password)).data as { userId: string };
    const code = await h.nextCode(u.email);
    const replies = await Promise.all(
      [1, 2, 3].map(() => h.call('auth.verifyCode', { body: { userId, code } })),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
  });

  it('stores only a hash of the code in Redis, never the digits', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    ok(await login(u.email, u.password));
    const code = await h.nextCode(u.email);
    const stored = await h.app.redis.hgetall(`${h.prefix}:otc:${u.id}`);
    expect(stored.h).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('does not open a session for a user disabled between password and code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    ok(await login(u.email, u.password));
    const code = await h.nextCode(u.email);
    await h.app.pg.query('update staff_users set active = false where id = $1', [u.id]);
    const r = failed(await h.call('auth.verifyCode', { body: { userId: u.id, code } }));
    expect(r.statusCode).toBe(401);
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
