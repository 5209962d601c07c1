import type { Caller, StaffUser } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const h = useSuite(() => startAuth());
let admin: Caller;
beforeAll(async () => {
  admin = await h.signIn(await h.createUser({ roles: ['admin'] }));
});

const input = (over: Record<string, unknown> = {}) => ({
  name: 'Casey Staff',
  email: `casey.${Math.random().toString(36).slice(2, 10)}@console.test`,
  password: 'first-pass',
  roles: 'support, stats',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const body = input(over);
  const user = ok(await h.call('auth.adminCreate', { caller: admin, body })).data as StaffUser;
  return { body, user };
}

/** An admin's edit of a staff user. */
const update = (id: string, body: Record<string, unknown>) =>
  h.call('auth.adminUpdate', { caller: admin, params: { id }, body });

describe('admin: staff users', () => {
  it('creates a user from the roles string, and lists it (never logged in = old login)', async () => {
    const { body, user } = await create();
    expect(user).toMatchObject({
      name: 'Casey Staff',
      email: body.email,
      roles: ['support', 'stats'],
      active: true,
    });
    const list = ok(await h.call('auth.adminList', { caller: admin })).data as StaffUser[];
    expect(list.find((u) => u.id === user.id)).toMatchObject({ lastLogin: null, oldLogin: true });
    expect(list.find((u) => u.id === admin.userId)).toMatchObject({ oldLogin: false });
  });

  it('marks a last login older than two months', async () => {
    const { user } = await create();
    await h.app.pg.query(`update staff_users set last_login = now() - interval '61 days' where id = $1`, [
      user.id,
    ]);
    const list = ok(await h.call('auth.adminList', { caller: admin })).data as StaffUser[];
    expect(list.find((u) => u.id === user.id)?.oldLogin).toBe(true);
    await h.app.pg.query(`update staff_users set last_login = now() - interval '50 days' where id = $1`, [
      user.id,
    ]);
    const again = ok(await h.call('auth.adminList', { caller: admin })).data as StaffUser[];
    expect(again.find((u) => u.id === user.id)?.oldLogin).toBe(false);
  });

  it('requires a password on create and names unknown roles', async () => {
    expect(
      failed(await h.call('auth.adminCreate', { caller: admin, body: input({ password: '' }) })),
    ).toMatchObject({
      statusCode: 400,
      fields: { password: 'Password must be at least 8 characters.' },
    });
    const r = failed(
      await h.call('auth.adminCreate', { caller: admin, body: input({ roles: 'support,wizard,Admin' }) }),
    );
    expect(r).toMatchObject({ statusCode: 400, message: 'Unknown roles: wizard, Admin.' });
  });

  it('refuses a second user with the same e-mail (409), on create and on edit', async () => {
    const { body } = await create();
    const dup = failed(
      await h.call('auth.adminCreate', { caller: admin, body: input({ email: body.email.toUpperCase() }) }),
    );
    expect(dup).toMatchObject({ statusCode: 409, fields: { email: 'That e-mail is already in use.' } });
    const { user: other } = await create();
    const edit = failed(await update(other.id, input({ email: body.email })));
    expect(edit.statusCode).toBe(409);
  });

  it('keeps the password when the edit leaves it blank, and pushes role changes into open sessions', async () => {
    const { body, user } = await create();
    const session = await h.signIn({ email: body.email, password: body.password });
    const edited = ok(
      await update(user.id, { ...body, name: 'Casey Renamed', password: '', roles: 'datauser' }),
    ).data as StaffUser;
    expect(edited).toMatchObject({ name: 'Casey Renamed', roles: ['datauser'] });
    expect(await h.callerFor(session.sessionId)).toMatchObject({
      name: 'Casey Renamed',
      roles: ['datauser'],
    });
    await h.signIn({ email: body.email, password: body.password });
    // Absent works like blank.
    const { password: _omitted, ...noPassword } = body;
    ok(await update(user.id, noPassword));
    await h.signIn({ email: body.email, password: body.password });
  });

  it('sets a new password when one is given, ending the sessions that knew the old one', async () => {
    const { body, user } = await create();
    const session = await h.signIn({ email: body.email, password: body.password });
    ok(await update(user.id, { ...body, password: 'second-pass' }));
    expect(await h.callerFor(session.sessionId)).toBeNull();
    await h.signIn({ email: body.email, password: 'second-pass' });
  });

  it('ends every session of a user who is deactivated, and keeps them out', async () => {
    const { body, user } = await create();
    const session = await h.signIn({ email: body.email, password: body.password });
    ok(await update(user.id, { ...body, active: false }));
    expect(await h.callerFor(session.sessionId)).toBeNull();
    expect(
      failed(await h.call('auth.login', { body: { email: body.email, password: body.password } })).statusCode,
    ).toBe(401);
  });

  it('deletes a user and their sessions, but not yourself', async () => {
    const { body, user } = await create();
    const session = await h.signIn({ email: body.email, password: body.password });
    expect(ok(await h.call('auth.adminDelete', { caller: admin, params: { id: user.id } })).data).toEqual({
      message: 'User deleted.',
    });
    expect(await h.callerFor(session.sessionId)).toBeNull();
    expect(
      failed(await h.call('auth.adminDelete', { caller: admin, params: { id: user.id } })),
    ).toMatchObject({
      statusCode: 404,
      message: 'No such user.',
    });
    expect(
      failed(await h.call('auth.adminDelete', { caller: admin, params: { id: admin.userId } })).statusCode,
    ).toBe(400);
  });

  it('revokes every session of a user', async () => {
    const { body, user } = await create();
    const one = await h.signIn({ email: body.email, password: body.password });
    const two = await h.signIn({ email: body.email, password: body.password });
    const r = ok(await h.call('auth.adminRevokeSessions', { caller: admin, params: { id: user.id } }));
    expect(r.data).toEqual({ message: 'Ended 2 sessions.' });
    expect(await h.callerFor(one.sessionId)).toBeNull();
    expect(await h.callerFor(two.sessionId)).toBeNull();
    expect(
      failed(await h.call('auth.adminRevokeSessions', { caller: admin, params: { id: '999999' } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for editing a user that does not exist', async () => {
    const r = failed(await update('999999', input()));
    expect(r).toMatchObject({ statusCode: 404, message: 'No such user.' });
  });

  it('never leaves the console without an active admin', async () => {
    // A fresh console whose only admin tries to demote themself.
    const solo = await startAuth();
    try {
      const only = await solo.createUser({ roles: ['admin'] });
      // The bootstrap admin is the other admin there; remove it first.
      await solo.app.pg.query('delete from staff_users where id <> $1', [only.id]);
      const caller = await solo.signIn(only);
      const r = failed(
        await solo.call('auth.adminUpdate', {
          caller,
          params: { id: only.id },
          body: { name: only.name, email: only.email, roles: 'support' },
        }),
      );
      expect(r).toMatchObject({ statusCode: 400, message: 'At least one active admin must remain.' });
      const self = failed(
        await solo.call('auth.adminUpdate', {
          caller,
          params: { id: only.id },
          body: { name: only.name, email: only.email, roles: 'admin', active: false },
        }),
      );
      expect(self.statusCode).toBe(400);
    } finally {
      await solo.close();
    }
  });

  it('is refused to non-admins', async () => {
    const caller = await h.signIn(await h.createUser({ roles: ['support', 'roleAdmin'] }));
    for (const op of [
      'auth.adminList',
      'auth.adminCreate',
      'auth.adminUpdate',
      'auth.adminDelete',
      'auth.adminRevokeSessions',
    ]) {
      const r = failed(await h.call(op, { caller, params: { id: admin.userId }, body: input() }));
      expect(r, op).toMatchObject({ statusCode: 403 });
    }
  });
});
