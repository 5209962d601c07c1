/**
 * The real search, auth and gateway services, each in its own process, over a world loaded by the
 * world loader into a database and a Mongo database of this file's own. Nothing is stood in.
 */
import type { MongoClient } from 'mongodb';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInApi } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
let pool: pg.Pool;
let mongo: MongoClient;
let admin: Client;
const users: Record<
  'support' | 'accounts' | 'marketing',
  { email: string; password: string; client?: Client }
> = {
  support: { email: '', password: 'support-pass-1' },
  accounts: { email: '', password: 'accounts-pass-1' },
  marketing: { email: '', password: 'marketing-pass-1' },
};

const signIn = (email: string, password: string) => signInApi(stack, email, password);

beforeAll(async () => {
  stack = await startWorldStack('itsearch', 11, 200, { index: 'always', indexTimeoutMs: 60_000 });
  pool = stack.world.pool;
  mongo = stack.mongo.client;
  admin = await signInAdmin(stack);
  for (const role of ['support', 'accounts', 'marketing'] as const) {
    users[role].email = `${stack.prefix}-${role}@console.test`;
    const res = await admin.call('POST', '/api/admin/users', {
      name: `${role} person`,
      email: users[role].email,
      password: users[role].password,
      roles: role,
      requireOneTimeCode: false,
    });
    expect(res.status).toBe(200);
    users[role].client = await signIn(users[role].email, users[role].password);
  }
});

afterAll(async () => {
  await stack?.stop();
});

const support = () => users.support.client as Client;

describe('search through the gateway', () => {
  it('finds a Gen1 customer by e-mail and by MAC, in pages, and opens the account', async () => {
    const { rows } = await pool.query(
      "select u.user_id, u.email, w.mac from users u join wfls w on w.user_id = u.user_id where w.mac like '74:0A:BC:%' limit 1",
    );
    const u = rows[0];
    const byEmail = await support().call(
      'GET',
      `/api/support/finduser/${encodeURIComponent(u.email)}?limit=40`,
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.json).toMatchObject({ limit: 40, offset: 0 });
    expect(byEmail.json.rows[0].user.user_id).toBe(Number(u.user_id));
    const byMac = await support().call('GET', `/api/support/finduserbymac/${u.mac}`);
    expect(byMac.json.accounts.map((a: { user_id: number }) => a.user_id)).toContain(Number(u.user_id));
    expect(byMac.json.macDisplay).toBe(u.mac.slice(9));
    const none = await support().call('GET', '/api/support/find/u/-/w/-/o/-');
    expect(none).toMatchObject({ status: 400, json: { message: 'Enter a user, MAC or hub to search.' } });
    const account = await support().call('GET', `/api/support/findExtra/${u.user_id}`);
    expect(account.json.user.email).toBe(u.email);
  });

  it('runs the Support Plus search and opens the structure', async () => {
    const owner = await mongo
      .db()
      .collection('users')
      .findOne({ 'rootGroupIds.0': { $exists: true } });
    const found = await support().call('POST', '/api/supportPlus/search', { text: owner?.email });
    expect(found.status).toBe(200);
    expect(found.json.users[0].userId).toBe(owner?.userId);
    const rg = found.json.structures[0].rootGroupId;
    const detail = await support().call('GET', `/api/supportPlus/structure/${rg}`);
    expect(detail.status).toBe(200);
    expect(detail.json.devices.map((c: { category: string }) => c.category)[0]).toBe('linkPlus');
    const overview = await support().call('GET', '/api/supportPlus/overview');
    expect(overview.json.counts.links).toBeGreaterThan(0);
    expect((await support().call('GET', '/api/supportPlus')).json.count).toBe(overview.json.counts.links);
  });

  it('refuses unsafe generic queries at the edge and at the service', async () => {
    const where = await support().call('POST', '/api/supportPlus', {
      database: 'hubs',
      filter: { $where: 'sleep(100)' },
    });
    expect(where.status).toBe(400);
    expect(where.json.message).toMatch(/\$where/);
    const proto = await fetch(`${stack.url}/api/supportPlus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"database":"hubs","filter":{"__proto__":{"x":1}}}',
    });
    expect([400, 401]).toContain(proto.status);
    const outside = await support().call('POST', '/api/supportPlus', {
      database: 'supportnotes',
      filter: {},
    });
    expect(outside.status).toBe(400);
    const ok = await support().call('POST', '/api/supportPlus/count', {
      database: 'hubs',
      filter: { errorState: true },
    });
    expect(ok.status).toBe(200);
  });

  it('keeps notes by the signed-in author and records who viewed the customer', async () => {
    const saved = await support().call('POST', '/api/support/saveSupportNotes', {
      notes: 'Rang the customer',
      customerId: 'it-1',
      userId: 'someone@else',
    });
    expect(saved.json.userId).toBe(users.support.email);
    const other = await admin.call('POST', '/api/support/updateSupportNotes', {
      id: saved.json.id,
      notes: 'changed',
    });
    expect(other).toMatchObject({
      status: 403,
      json: { message: 'Unable to edit notes edited by other support' },
    });
    const history = await support().call('GET', '/api/support/viewHistory/it-1/whoever');
    expect(history.json[0].userId).toBe(users.support.email);
  });

  it('edits an account with its note, and holds roles at the edge', async () => {
    const { rows } = await pool.query('select user_id, role from users where role is null limit 1');
    const edit = await support().call('PUT', `/api/support/user/update/userrole/${rows[0].user_id}`, {
      new: { role: 'api_user' },
      old: { role: null },
    });
    expect(edit.status).toBe(200);
    const notes = await support().call('GET', `/api/support/loadSupportNotes/${rows[0].user_id}`);
    expect(notes.json[0]).toMatchObject({ userId: 'system', automatic: true, editable: false });
    const accounts = users.accounts.client as Client;
    expect((await accounts.call('GET', '/api/support/find/c/true')).status).toBe(200);
    expect((await accounts.call('POST', '/api/supportPlus/search', { text: 'abc' })).status).toBe(403);
    expect((await (users.marketing.client as Client).call('GET', '/api/support/finduser/abc')).status).toBe(
      403,
    );
  });
});
