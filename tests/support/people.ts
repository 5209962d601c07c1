import { hashPassword } from '@console/auth/passwords';
import { COLLECTIONS } from '@console/contracts';
import { oneTimeCode, uniqueName } from '@console/kit/testing';
import type { Db } from 'mongodb';
import { Client, type Stack } from './stack.ts';

/** Signs in through the gateway as the console does, reading the one-time code when asked for one. */
export async function signInApi(stack: Stack, email: string, password: string): Promise<Client> {
  const c = new Client(stack.url);
  const since = Date.now();
  const first = await c.call('POST', '/auth/local', { email, password });
  if (first.status !== 200)
    throw new Error(`sign-in of ${email}: ${first.status} ${JSON.stringify(first.json)}`);
  if (first.json.requiresOneTimeCode) {
    const code = await oneTimeCode(stack.infra.MAILBOX_URL, email, { since });
    await c.call('POST', '/auth/local/verify-code', { attemptId: first.json.attemptId, code });
  }
  if (!c.hasSession) throw new Error(`sign-in of ${email} opened no session`);
  return c;
}

/** The stack's bootstrap admin, signed in (through the e-mailed code). */
export function signInAdmin(stack: Stack): Promise<Client> {
  return signInApi(stack, stack.admin.email, stack.admin.password);
}

export interface StaffUser {
  /** The staff user's id, as the admin API gave it. */
  id: string;
  name: string;
  email: string;
  password: string;
  roles: string;
}

/**
 * Creates a staff user through the admin API (no one-time code unless asked) and returns it;
 * the e-mail is unique unless given.
 */
export async function createStaff(
  admin: Client,
  roles: string,
  name: string,
  opts: { email?: string; password?: string; requireOneTimeCode?: boolean } = {},
): Promise<StaffUser> {
  const user = {
    name,
    email: opts.email ?? `${uniqueName('staff')}@console.test`,
    password: opts.password ?? 'staff-pass-1',
    roles,
  };
  const res = await admin.call('POST', '/api/admin/users', {
    ...user,
    requireOneTimeCode: opts.requireOneTimeCode ?? false,
  });
  if (res.status !== 200)
    throw new Error(`creating ${roles} user: ${res.status} ${JSON.stringify(res.json)}`);
  return { ...user, id: String(res.json.id) };
}

/**
 * Creates a test's named staff user (its `name` and `password` chosen by the test) through the
 * admin API, with the e-mail `<prefix>-<roles>@console.test`, which it writes into `person`.
 */
export async function enrolStaff(
  stack: Stack,
  admin: Client,
  roles: string,
  person: { name: string; email: string; password: string },
  opts: { requireOneTimeCode?: boolean } = {},
): Promise<void> {
  person.email = `${stack.prefix}-${roles}@console.test`;
  await createStaff(admin, roles, person.name, {
    email: person.email,
    password: person.password,
    requireOneTimeCode: opts.requireOneTimeCode ?? false,
  });
}

/** A staff user created and signed in through the API. */
export async function staffClient(stack: Stack, admin: Client, roles: string, name: string): Promise<Client> {
  const user = await createStaff(admin, roles, name);
  return signInApi(stack, user.email, user.password);
}

/** Those of `paths` the server does not refuse (403) to `client` for a GET: empty when it refuses them all. */
export async function notRefused(client: Client, paths: string[]): Promise<string[]> {
  const answered: string[] = [];
  for (const path of paths) if ((await client.call('GET', path)).status !== 403) answered.push(path);
  return answered;
}

/**
 * A customer of the test's own (`<idPrefix><time>`, `<stack prefix>-<idPrefix>@example.test`) with a password (the generated ones have none); inserted, not
 * updated in place (FerretDB 1.24 can stall on in-place updates).
 */
export async function insertPasswordCustomer(db: Db, stack: Stack, idPrefix: string, password: string) {
  const customer = {
    userId: `${idPrefix}${Date.now().toString(16)}`,
    email: `${stack.prefix}-${idPrefix}@example.test`,
  };
  const now = new Date();
  await db.collection(COLLECTIONS.authUsers).insertOne({
    ...customer,
    created: now,
    modified: now,
    roles: ['user'],
    legacy: null,
    passwordHash: await hashPassword(password),
  });
  return customer;
}
