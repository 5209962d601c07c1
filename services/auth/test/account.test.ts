import { type Caller, ROLES } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const h = useSuite(() => startAuth());

describe('change password', () => {
  const changePassword = (caller: Caller, id: string, oldPassword: string, newPassword: string) =>
    h.call('auth.changePassword', { caller, params: { id }, body: { oldPassword, newPassword } });

  it('refuses a wrong old password with the exact text, and keeps the password', async () => {
    const u = await h.createUser({ roles: ['support'] });
    const caller = await h.signIn(u);
    const r = failed(await changePassword(caller, u.id, 'not-it', 'brand-new'));
    expect(r).toMatchObject({ statusCode: 400, message: 'Incorrect password' });
    await h.signIn(u);
  });

  it('changes it, says so in the exact words, and ends every other session of that user', async () => {
    const u = await h.createUser({ roles: ['support'] });
    const here = await h.signIn(u);
    const elsewhere = await h.signIn(u);
    const r = ok(await changePassword(here, u.id, u.password, 'brand-new'));
    expect(r.data).toEqual({ message: 'Password successfully changed' });
    expect(await h.callerFor(here.sessionId)).not.toBeNull();
    expect(await h.callerFor(elsewhere.sessionId)).toBeNull();
    expect(
      failed(await h.call('auth.login', { body: { email: u.email, password: u.password } })).statusCode,
    ).toBe(401);
    await h.signIn({ email: u.email, password: 'brand-new' });
  });

  it('refuses a new password shorter than 8 characters or a common one, in words, and keeps the old', async () => {
    const u = await h.createUser({ roles: ['support'] });
    const caller = await h.signIn(u);
    const short = failed(await changePassword(caller, u.id, u.password, 'abcdefg'));
    expect(short).toMatchObject({
      statusCode: 400,
      fields: { newPassword: 'Password must be at least 8 characters.' },
    });
    const common = failed(await changePassword(caller, u.id, u.password, 'sunshine'));
    expect(common.statusCode).toBe(400);
    expect(common.fields?.newPassword).toMatch(/^That password is one of the most common ones/);
    await h.signIn(u);
  });

  it('refuses anyone but admin or support (the page is theirs only), and keeps the password', async () => {
    for (const roles of [[], ['dev'], ['datauser', 'stats']] as const) {
      const u = await h.createUser({ roles: [...roles] });
      const r = failed(await changePassword(await h.signIn(u), u.id, u.password, 'brand-new'));
      expect(r.statusCode, roles.join(',')).toBe(403);
      await h.signIn(u);
    }
  });

  it("refuses changing someone else's password unless admin", async () => {
    const a = await h.createUser({ roles: ['support'] });
    const b = await h.createUser();
    const caller = await h.signIn(a);
    const r = failed(await changePassword(caller, b.id, a.password, 'taken-over'));
    expect(r.statusCode).toBe(403);
    await h.signIn(b);
  });

  it("lets an admin, proving their own password, set another user's and end that user's sessions", async () => {
    const admin = await h.createUser({ roles: ['admin'] });
    const b = await h.createUser();
    const bSession = await h.signIn(b);
    const caller = await h.signIn(admin);
    ok(await changePassword(caller, b.id, admin.password, 'reset-by-admin'));
    expect(await h.callerFor(bSession.sessionId)).toBeNull();
    await h.signIn({ email: b.email, password: 'reset-by-admin' });
  });
});

describe('signup by a signed-in user', () => {
  const signup = async (body: { name: string; email: string; password: string }) => {
    const u = await h.createUser({ roles: ['support'] });
    return h.call('auth.signup', { caller: await h.signIn(u), body });
  };

  it('shows each problem against its field, in the specification words', async () => {
    const empty = failed(await signup({ name: ' ', email: '', password: 'ab' }));
    expect(empty).toMatchObject({
      statusCode: 400,
      fields: {
        name: 'A name is required',
        email: "What's your email address?",
        password: 'Password must be at least 8 characters.',
      },
    });
    const common = failed(await signup({ name: 'Pat', email: 'pat@console.test', password: 'Password1' }));
    expect(common.fields).toEqual({
      password:
        'That password is one of the most common ones; choose another. At least 8 characters and not a commonly used password; any characters, spaces included — a few words make a good one.',
    });
    const bad = failed(await signup({ name: 'Pat', email: 'pat@', password: 'long-enough' }));
    expect(bad.fields).toEqual({ email: "Doesn't look like a valid email." });
  });

  it('creates an active user with no roles who must use a one-time code', async () => {
    const email = `New.Person.${Date.now()}@Console.Test`;
    const r = ok(await signup({ name: 'New Person', email, password: 'tram orbit kettle' }));
    expect(r.data).toMatchObject({
      name: 'New Person',
      email: email.toLowerCase(),
      roles: [],
      active: true,
      requireOneTimeCode: true,
      lastLogin: null,
      oldLogin: true,
    });
    const dup = failed(
      await signup({ name: 'Again', email: email.toUpperCase(), password: 'tram orbit kettle' }),
    );
    expect(dup).toMatchObject({ statusCode: 409, fields: { email: 'That e-mail is already in use.' } });
    // The new user can sign in, through the code step, and lands on the main screen.
    const caller = await h.signIn({ email, password: 'tram orbit kettle' });
    expect(ok(await h.call('auth.me', { caller })).data).toMatchObject({ roles: [], landing: '/' });
  });

  it('is refused without a signed-in caller', async () => {
    expect(
      failed(
        await h.call('auth.signup', { body: { name: 'x', email: 'x@y.z', password: 'tram orbit kettle' } }),
      ).statusCode,
    ).toBe(401);
  });
});

describe('roles', () => {
  it('lists the available roles to any signed-in user', async () => {
    const caller = await h.signIn(await h.createUser());
    expect(ok(await h.call('auth.roles', { caller })).data).toEqual([...ROLES]);
  });

  it('refuses admin operations to a non-admin at the service itself', async () => {
    const caller = await h.signIn(await h.createUser({ roles: ['support', 'dev', 'userAdmin'] }));
    for (const op of ['auth.adminList', 'auth.thingsCreate']) {
      const r = failed(await h.call(op, { caller, body: { name: 'x' } }));
      expect(r, op).toMatchObject({ statusCode: 403 });
    }
  });
});
