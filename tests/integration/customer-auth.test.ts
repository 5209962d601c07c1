/**
 * The customer auth tools through the gateway: /authManage's query and repeated delete (every
 * batch in the audit stream), /userEmail's lookup and role and user administration, the token
 * introspection, and Login-As — over a world loaded by the world loader, with the real auth and
 * gateway processes. Nothing is stood in.
 */

import { type AccessTokenDoc, COLLECTIONS, DeleteLoop, type UserDoc } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { storedAuditEvents } from '@console/kit/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPasswordCustomer, signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
let db: Db;
let nc: NatsConnection;
let admin: Client;
const staff: Record<string, Client> = {};

interface Audit {
  kind: string;
  deleted?: number;
  collection?: string;
  reason?: string;
  userId?: string;
  role?: string;
  staff: { email: string } | null;
}
const audits = (kind: string) => storedAuditEvents<Audit>(nc, stack.prefix, kind);

beforeAll(async () => {
  stack = await startWorldStack('itauth', 7, 80, { services: ['auth', 'gateway'] });
  db = stack.mongo.db;
  nc = await connect({ servers: stack.infra.NATS_URL.split(','), ...natsAuth() });
  admin = await signInAdmin(stack);
  for (const role of ['dev', 'authData', 'roleAdmin', 'userAdmin', 'support'])
    staff[role] = await staffClient(stack, admin, role, `${role} person`);
});

afterAll(async () => {
  await nc?.close();
  await stack?.stop();
});

const q = (params: Record<string, string | number | boolean>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe('/authManage (admin)', () => {
  it('needs a to date, counts only by default, and lists pages of expired tokens', async () => {
    const none = await admin.call('GET', '/api/auth-manage/getExpiredTokens');
    expect(none).toMatchObject({ status: 400, json: { message: 'A to date must be set' } });

    const to = new Date();
    const stored = await db
      .collection<AccessTokenDoc>(COLLECTIONS.accessTokens)
      .countDocuments({ expires_at_: { $lt: to }, deleted_: null });
    expect(stored).toBeGreaterThan(20);
    const counted = await admin.call(
      'GET',
      `/api/auth-manage/getExpiredTokens${q({ dateTo: to.toISOString() })}`,
    );
    expect(counted.status).toBe(200);
    expect(counted.json).toMatchObject({ count: stored, accesstokens: [] });

    const listed = await admin.call(
      'GET',
      `/api/auth-manage/getExpiredTokens${q({ dateTo: to.toISOString(), countOnly: false, queryLimit: 5, maxPages: 2 })}`,
    );
    expect(listed.json.accesstokens).toHaveLength(10);
    expect(listed.json).toMatchObject({ page: 2, pagesWithFilteredData: 2, resultObj: { results: 10 } });
    const expiries = listed.json.accesstokens.map((r: { expires_at_: string }) => r.expires_at_);
    expect([...expiries].sort()).toEqual(expiries);
  });

  it('is refused on the server for anyone but an admin', async () => {
    for (const role of ['dev', 'authData', 'support']) {
      const res = await staff[role]?.call(
        'GET',
        `/api/auth-manage/getExpiredTokens${q({ dateTo: '2025-01-01' })}`,
      );
      expect(res?.status, role).toBe(403);
    }
  });

  it('repeats the delete every 5 s until nothing is left, and every batch is in the audit stream', async () => {
    // The 25 oldest live tokens: the to-date just after the 25th expiry.
    const oldest = await db
      .collection<AccessTokenDoc>(COLLECTIONS.accessTokens)
      .find({ deleted_: null })
      .sort({ expires_at_: 1 })
      .limit(25)
      .toArray();
    const dateTo = new Date((oldest.at(-1) as AccessTokenDoc).expires_at_.getTime() + 1).toISOString();
    const expected = await db
      .collection(COLLECTIONS.accessTokens)
      .countDocuments({ expires_at_: { $lt: new Date(dateTo) }, deleted_: null });
    const refused = await admin.call(
      'DELETE',
      `/api/auth-manage/delExpiredTokens${q({ dateTo, confirm: 'no' })}`,
    );
    expect(refused).toMatchObject({ status: 400, json: { message: 'Deletion cancelled.' } });

    const seen: number[] = [];
    const started = Date.now();
    const loop = new DeleteLoop({
      runBatch: async () => {
        const res = await admin.call(
          'DELETE',
          `/api/auth-manage/delExpiredTokens${q({ dateTo, confirm: 'yes' })}`,
        );
        expect(res.status).toBe(200);
        return res.json.resultObj;
      },
      onBatch: (batch) => seen.push(batch.deleted),
      onEnd: (_end, error) => {
        failure = error;
      },
    });
    let failure: unknown;
    const end = await loop.done;
    expect(failure).toBeUndefined();
    expect(end).toBe('finished');
    expect(seen).toEqual([10, 10, expected - 20, 0]);
    expect(loop.total).toBe(expected);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 5000 - 50);

    const after = await admin.call('GET', `/api/auth-manage/getExpiredTokens${q({ dateTo })}`);
    expect(after.json.count).toBe(0);
    const events = (await audits('auth-manage-delete')).filter((e) => e.collection === 'tokens');
    expect(events.map((e) => e.deleted)).toEqual(seen);
    expect(events.every((e) => e.staff?.email === stack.admin.email)).toBe(true);
  }, 40_000);

  it('stops on Stop: no batch after the one in flight', async () => {
    const dateTo = new Date().toISOString();
    const before = (await admin.call('GET', `/api/auth-manage/getExpiredAuthcodes${q({ dateTo })}`)).json
      .count;
    expect(before).toBeGreaterThan(10);
    const loop = new DeleteLoop({
      runBatch: async () =>
        (await admin.call('DELETE', `/api/auth-manage/delExpiredAuthcodes${q({ dateTo, confirm: 'yes' })}`))
          .json.resultObj,
      onBatch: () => loop.stop(),
    });
    expect(await loop.done).toBe('stopped');
    await new Promise((r) => setTimeout(r, 5500));
    const left = (await admin.call('GET', `/api/auth-manage/getExpiredAuthcodes${q({ dateTo })}`)).json.count;
    expect({ batches: loop.batches, deleted: before - left }).toEqual({ batches: 1, deleted: 10 });
    expect((await audits('auth-manage-delete')).filter((e) => e.collection === 'authcodes')).toHaveLength(1);
  }, 20_000);
});

describe('/userEmail (authData, dev)', () => {
  const findBoth = async () => {
    const authUser = await db.collection(COLLECTIONS.authUsers).findOne({ legacy: { $ne: null } });
    if (!authUser) throw new Error('the world has no customer with a legacy link');
    return authUser as unknown as {
      userId: string;
      email: string;
      legacy: { user_id: string };
      roles: string[];
    };
  };

  it('looks a customer up by e-mail or user id with the legacy, smart-user and connect-user links', async () => {
    const u = await findBoth();
    const byEmail = await staff.authData?.call(
      'GET',
      `/api/impersonate-user/withRelations/${encodeURIComponent(u.email.toUpperCase())}`,
    );
    expect(byEmail?.status).toBe(200);
    expect(byEmail?.json.authUser).toMatchObject({ _id: u.userId, email: u.email, roles: u.roles });
    expect(byEmail?.json.legacy.user_id).toBe(u.legacy.user_id);
    expect(byEmail?.json.smartUsers.byUserId.map((s: UserDoc) => s.userId)).toEqual([u.userId]);
    expect(byEmail?.json.connectUserData.map((c: { user: { user_id: string } }) => c.user.user_id)).toContain(
      u.legacy.user_id,
    );
    const byId = await staff.dev?.call('GET', `/api/impersonate-user/withRelations/${u.userId}`);
    expect(byId?.json.authUser.email).toBe(u.email);
    const missing = await staff.dev?.call('GET', '/api/impersonate-user/withRelations/nobody@nowhere.test');
    expect(missing).toMatchObject({ status: 404, json: { message: 'User not found.' } });
    expect(
      (await staff.support?.call('GET', `/api/impersonate-user/withRelations/${u.userId}`))?.status,
    ).toBe(403);
  });

  it('lets only a roleAdmin add and delete roles that exist, each with a support note', async () => {
    const u = await findBoth();
    const path = (verb: string, role: string) =>
      `/api/supportPlus/userAdmin/roles/${verb}/${u.userId}/${role}`;
    expect((await staff.authData?.call('POST', path('add', 'installer'), {}))?.status).toBe(403);
    expect((await staff.roleAdmin?.call('POST', path('add', 'superuser'), {}))?.status).toBe(400);
    const added = await staff.roleAdmin?.call('POST', path('add', 'installer'), {
      note: 'Fits heating for them.',
    });
    expect(added?.json.roles).toContain('installer');
    const listed = await staff.authData?.call('GET', `/api/supportPlus/userAdmin/roles/${u.userId}`);
    expect(listed?.json.roles).toContain('installer');
    expect(listed?.json.available).toContain('installer');
    const removed = await staff.roleAdmin?.call('POST', path('delete', 'installer'), {});
    expect(removed?.json.roles).not.toContain('installer');
    const notes = await db.collection(COLLECTIONS.supportNotes).find({ customerId: u.userId }).toArray();
    expect(notes.map((n) => n.notes)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Role installer added by .*Fits heating/),
        expect.stringMatching(/^Role installer removed/),
      ]),
    );
    expect((await audits('customer-role')).map((e) => e.role)).toEqual(['installer', 'installer']);
  });

  it('cleans the legacy link, and deletes a user only for a userAdmin who types yes', async () => {
    const u = await findBoth();
    const clean = await staff.authData?.call('PUT', `/api/impersonate-user/clean/${u.userId}`);
    expect(clean?.json).toMatchObject({ success: true });
    expect(
      (await staff.dev?.call('GET', `/api/impersonate-user/withRelations/${u.userId}`))?.json.legacy,
    ).toBeNull();
    expect(
      (await staff.roleAdmin?.call('DELETE', `/api/impersonate-user/${u.userId}?confirm=yes`))?.status,
    ).toBe(403);
    const unconfirmed = await staff.userAdmin?.call('DELETE', `/api/impersonate-user/${u.userId}?confirm=y`);
    expect(unconfirmed).toMatchObject({ status: 400, json: { message: 'Deletion cancelled.' } });
    const deleted = await staff.userAdmin?.call('DELETE', `/api/impersonate-user/${u.userId}?confirm=yes`);
    expect(deleted?.json.success).toBe(true);
    expect((await staff.dev?.call('GET', `/api/impersonate-user/withRelations/${u.userId}`))?.status).toBe(
      404,
    );
    expect(await db.collection(COLLECTIONS.accessTokens).countDocuments({ user_id_: u.userId })).toBe(0);
    expect((await audits('customer-auth-delete')).map((e) => e.userId)).toEqual([u.userId]);
  });
});

describe('Login-As (roleAdmin or dev)', () => {
  it('is refused without the role or without a reason, and never leaves a trace then', async () => {
    const user = (await db.collection(COLLECTIONS.authUsers).findOne({})) as unknown as {
      email: string;
      userId: string;
    };
    for (const role of ['support', 'authData', 'userAdmin']) {
      const res = await staff[role]?.call('POST', '/api/impersonate-user/login-as', {
        email: user.email,
        reason: 'Testing',
      });
      expect(res?.status, role).toBe(403);
    }
    const blank = await staff.dev?.call('POST', '/api/impersonate-user/login-as', {
      email: user.email,
      reason: '  ',
    });
    expect(blank?.status).toBe(400);
    expect(blank?.json.message).toMatch(/reason/);
    const absent = await staff.dev?.call('POST', '/api/impersonate-user/login-as', { email: user.email });
    expect(absent?.status).toBe(400);
    const noEmail = await staff.dev?.call('POST', '/api/impersonate-user/login-as', {
      email: '',
      reason: 'Because',
    });
    expect(noEmail?.json.message).toBe('need to specify an email address');
    expect(await audits('login-as')).toHaveLength(0);
    expect(
      await db
        .collection(COLLECTIONS.supportNotes)
        .countDocuments({ customerId: user.userId, notes: /Login-As/ }),
    ).toBe(0);
  });

  it('signs a roleAdmin or dev in as the customer, with an audit event and a note on that customer', async () => {
    const user = (await db.collection(COLLECTIONS.authUsers).findOne({ legacy: null })) as unknown as {
      email: string;
      userId: string;
    };
    const res = await staff.dev?.call('POST', '/api/impersonate-user/login-as', {
      email: user.email,
      reason: 'Customer asked us to check their app view (ticket 4411)',
    });
    expect(res?.status).toBe(200);
    expect(res?.json).toMatchObject({ userId: user.userId, email: user.email });
    const [event] = await audits('login-as');
    expect(event).toMatchObject({ userId: user.userId, reason: expect.stringContaining('ticket 4411') });
    expect(event?.staff?.email).toBe((await staff.dev?.call('GET', '/api/users/me'))?.json.email);
    const note = await db
      .collection(COLLECTIONS.supportNotes)
      .findOne({ customerId: user.userId, notes: /Login-As/ });
    expect(note?.notes).toContain('ticket 4411');
    expect(note?.userId).toBe(event?.staff?.email);
    expect(
      (
        await staff.roleAdmin?.call('POST', '/api/impersonate-user/login-as', {
          email: user.email,
          reason: 'Second look',
        })
      )?.status,
    ).toBe(200);

    // The token decodes on our own server: the customer, the acting engineer, a valid signature.
    const seen = await staff.authData?.call('POST', '/api/auth-token/introspect', { token: res?.json.token });
    expect(seen?.json).toMatchObject({
      signature: 'valid',
      stored: 'active',
      expired: false,
      claims: { sub: user.userId, act: { sub: event?.staff?.email } },
    });
    const tampered = `${res?.json.token.slice(0, -2)}xx`;
    expect(
      (await staff.dev?.call('POST', '/api/auth-token/introspect', { token: tampered }))?.json.signature,
    ).toBe('invalid');
    const empty = await staff.dev?.call('POST', '/api/auth-token/introspect', { token: '' });
    expect(empty).toMatchObject({ status: 400, json: { message: 'No token supplied' } });
    expect(
      (await staff.support?.call('POST', '/api/auth-token/introspect', { token: res?.json.token }))?.status,
    ).toBe(403);
  });
});

describe('a customer\u2019s own e-mail and password (the user channel console, dev)', () => {
  it('signs in only with the right password, for a dev, audited; the answers never tell why', async () => {
    const user = await insertPasswordCustomer(db, stack, 'it', 'cust-pass-9');
    const login = (who: string, body: Record<string, string>) =>
      staff[who]?.call('POST', '/api/customer-auth/login', body);
    expect((await login('support', { email: user.email, password: 'cust-pass-9' }))?.status).toBe(403);
    expect((await login('dev', { email: user.email, password: '' }))?.json.message).toBe(
      'username & pw required for this method',
    );
    const wrong = await login('dev', { email: user.email, password: 'nope' });
    const unknown = await login('dev', { email: 'nobody@nowhere.test', password: 'nope' });
    expect([wrong?.status, unknown?.status]).toEqual([400, 400]);
    expect(wrong?.json.message).toBe(unknown?.json.message);
    const ok = await login('dev', {
      email: user.email.toUpperCase(),
      password: 'cust-pass-9',
      clientDeviceId: 'web-1',
    });
    expect(ok?.json).toMatchObject({ userId: user.userId, email: user.email });
    const seen = await staff.dev?.call('POST', '/api/auth-token/introspect', { token: ok?.json.token });
    expect(seen?.json).toMatchObject({
      signature: 'valid',
      claims: { sub: user.userId, clientDeviceId: 'web-1' },
    });
    expect(seen?.json.claims.act).toBeUndefined();
    expect((await audits('customer-login')).map((e) => e.userId)).toEqual([user.userId]);
  });
});
