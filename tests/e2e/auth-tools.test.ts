/**
 * The auth tools in Debian's Chromium, signed in through the real login page: /authManage (admin),
 * /authTokenIntrospect and /userEmail (authData, dev), and /socket-users' Login-As (roleAdmin or
 * dev) — each opens with data for a user with the role, and the server refuses the same calls
 * from a signed-in user without it. Real auth and gateway over a world loaded by the world loader.
 */
import { type AccessTokenDoc, COLLECTIONS } from '@console/contracts';
import type { Db } from 'mongodb';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, insertPasswordCustomer, type StaffUser, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let db: Db;
const people: Record<string, StaffUser> = {};

/** A new tab signed in as `who` (signedInPage waits until it has left /login). */
const signIn = (who: string): Promise<Page> => signedInPage(browser(), stack, people[who] as StaffUser);

/** What the server answers this signed-in page for an API call (its session cookie goes along). */
const statusOf = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) =>
      (
        await fetch(p as string, {
          method: m as string,
          headers: b === undefined ? {} : { 'content-type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        })
      ).status,
    [method, path, body] as const,
  );

beforeAll(async () => {
  stack = await startWorldStack('e2eauth', 7, 60, { services: ['auth', 'gateway'] });
  db = stack.mongo.db;
  const api = await signInAdmin(stack);
  for (const roles of ['admin', 'dev', 'authData', 'authData,roleAdmin', 'support'])
    people[roles] = await createStaff(api, roles, `${roles.replace(',', ' ')} person`);
});

describe('/authManage', () => {
  it('counts expired tokens, insists on a to date, and runs the repeated delete to the end and on Stop', async () => {
    const page = await signIn('admin');
    await page.goto(`${stack.url}/authManage`);
    await page.getByRole('heading', { name: 'Manage Auth' }).waitFor();
    expect(await page.getByLabel('Count only').isChecked()).toBe(true);
    expect(await page.getByLabel('Delete limit').inputValue()).toBe('10');

    await page.getByLabel('To date').fill('');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.getByText('A to date must be set').waitFor();
    expect(await page.getByLabel('To date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The 12 oldest live tokens end before this day.
    const oldest = await db
      .collection<AccessTokenDoc>(COLLECTIONS.accessTokens)
      .find({ deleted_: null })
      .sort({ expires_at_: 1 })
      .toArray();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const cut = oldest.findIndex(
      (t, i) => i >= 12 && day(t.expires_at_) > day((oldest[i - 1] as AccessTokenDoc).expires_at_),
    );
    const dateTo = day((oldest[cut] as AccessTokenDoc).expires_at_);
    await page.getByLabel('To date').fill(dateTo);
    await page.getByRole('button', { name: 'Query' }).click();
    await page.getByLabel('Result summary').getByText(`Count: ${cut}.`).waitFor();

    await page.getByRole('button', { name: 'Start repeated delete' }).click();
    await page.getByRole('dialog').getByLabel('Type yes to confirm').fill('yes');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const batches = Math.ceil(cut / 10) + 1; // the last one deletes nothing
    await page
      .getByLabel('Repeated delete')
      .getByText(`Repeated delete finished: ${batches} batches, ${cut} deleted in total.`)
      .waitFor({ timeout: 30_000 });

    // Everything expired by now: Stop after the first batch ends the loop there.
    await page.getByLabel('To date').fill(day(new Date()));
    await page.getByRole('button', { name: 'Start repeated delete' }).click();
    await page.getByRole('dialog').getByLabel('Type yes to confirm').fill('yes');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Repeated delete running: 1 batches, 10 deleted in total.').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Repeated delete stopped: 1 batches, 10 deleted in total.').waitFor();
    await new Promise((r) => setTimeout(r, 5500));
    await page
      .getByText('Repeated delete stopped: 1 batches, 10 deleted in total.')
      .waitFor({ timeout: 100 });
    await page.close();
  }, 60_000);

  it('is refused on the server for a dev', async () => {
    const page = await signIn('dev');
    await page.goto(`${stack.url}/authManage`);
    await page.getByText('Not for your roles').waitFor();
    expect(await statusOf(page, 'GET', '/api/auth-manage/getExpiredTokens?dateTo=2025-01-01')).toBe(403);
    expect(
      await statusOf(page, 'DELETE', '/api/auth-manage/delExpiredTokens?dateTo=2025-01-01&confirm=yes'),
    ).toBe(403);
    await page.close();
  });
});

describe('/userEmail and /authTokenIntrospect', () => {
  it('shows a customer’s auth data and lets a roleAdmin add a role chip, with the delete for userAdmins only', async () => {
    const user = (await db
      .collection(COLLECTIONS.authUsers)
      .findOne({ legacy: { $ne: null } })) as unknown as {
      email: string;
      userId: string;
      legacy: { user_id: string };
    };
    const page = await signIn('authData,roleAdmin');
    await page.goto(`${stack.url}/userEmail`);
    await page.getByLabel('E-mail or user id').fill(user.email);
    await page.getByRole('button', { name: 'Look up' }).click();
    const table = page.getByRole('table', { name: 'Auth user' });
    await table.getByText(user.userId).waitFor();
    await table.getByText(`connectPublic.user_id ${user.legacy.user_id}`).waitFor();
    await page
      .getByRole('link', { name: /by e-mail/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Delete user' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Role to add' }).fill('installer');
    await page.getByRole('option', { name: 'installer' }).click();
    await page.getByLabel('Support note').fill('Fits their heating');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('button', { name: 'Delete role installer' }).waitFor();
    const note = await db.collection(COLLECTIONS.supportNotes).findOne({ customerId: user.userId });
    expect(note?.notes).toMatch(/^Role installer added by .*Fits their heating/);

    await page.goto(`${stack.url}/userEmail?term=nobody%40nowhere.test`);
    await page.getByText('User not found.').waitFor();
    await page.close();
  }, 40_000);

  it('decodes a Login-As token on our own server: claims, expiry in words, a valid signature', async () => {
    const customer = (await db.collection(COLLECTIONS.authUsers).findOne({})) as unknown as { email: string };
    const dev = await signIn('dev');
    const token = await dev.evaluate(async (email: string) => {
      const r = await fetch('/api/impersonate-user/login-as', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, reason: 'Checking the introspection page' }),
      });
      return ((await r.json()) as { token: string }).token;
    }, customer.email);
    await dev.close();

    const page = await signIn('authData');
    await page.goto(`${stack.url}/authTokenIntrospect`);
    await page.getByLabel('Token').fill(token);
    await page.getByRole('button', { name: 'Decode' }).click();
    await page.getByText('Signature: valid').waitFor();
    await page.getByText('Stored: active').waitFor();
    await page
      .getByLabel('Expiry')
      .getByText(/^expires in (59|60) minutes/)
      .waitFor();
    await page.getByText(customer.email).first().waitFor();
    await page.close();
  });

  it('are refused on the server for a support user', async () => {
    const page = await signIn('support');
    for (const path of ['/userEmail', '/authTokenIntrospect']) {
      await page.goto(`${stack.url}${path}`);
      await page.getByText('Not for your roles').waitFor();
    }
    expect(await statusOf(page, 'GET', '/api/impersonate-user/withRelations/a%40b.c')).toBe(403);
    expect(await statusOf(page, 'POST', '/api/auth-token/introspect', { token: 'a.b.c' })).toBe(403);
    await page.close();
  });
});

describe('/socket-users login parts', () => {
  it('logs a dev in as a customer only with a reason, leaves the note, and authenticates the token', async () => {
    const customer = (await db.collection(COLLECTIONS.authUsers).findOne({}, { skip: 5 })) as unknown as {
      email: string;
      userId: string;
    };
    const page = await signIn('dev');
    await page.goto(`${stack.url}/socket-users?clientDeviceId=web-e2e-1`);
    await page.getByText('Not connected / authed').waitFor();
    await page.getByLabel('Login-As').check();
    await page.getByLabel('Target e-mail').fill(customer.email);
    expect(await page.getByLabel('Client device id').inputValue()).toBe('web-e2e-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByLabel('Channel status')
      .getByText(/^error: Login-As needs a reason/)
      .waitFor();
    expect(
      await db.collection(COLLECTIONS.supportNotes).countDocuments({ customerId: customer.userId }),
    ).toBe(0);

    await page.getByLabel('Reason').fill('Reproducing the app fault in ticket 77');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(`Logged in as ${customer.email}`).waitFor();
    const note = await db
      .collection(COLLECTIONS.supportNotes)
      .findOne({ customerId: customer.userId, notes: /Login-As/ });
    expect(note?.notes).toMatch(/^Login-As by .*ticket 77/);

    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByText(`Authenticated as ${customer.email}`).waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Channel closed, you will need to re-auth.').waitFor();
    await page.getByText('Not connected / authed').waitFor();
    await page.close();
  });

  it('signs in with a customer\u2019s own e-mail and password', async () => {
    const customer = await insertPasswordCustomer(db, stack, 'e2e', 'cust-e2e-1');
    const page = await signIn('dev');
    await page.goto(`${stack.url}/socket-users`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('username & pw required for this method').waitFor();
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('error: Invalid e-mail or password.').waitFor();
    await page.getByLabel('Password').fill('cust-e2e-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      // argon2id on a loaded 2-core machine can take many seconds.
      .getByText(`Logged in as ${customer.email}`)
      .waitFor({ timeout: 60_000 })
      .catch(async (err) => {
        throw new Error(`${err}\n${await page.getByLabel('Channel status').textContent()}`);
      });
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByText(`Authenticated as ${customer.email}`).waitFor();
    await page.close();
  }, 120_000);

  it('is refused on the server for a user without roleAdmin or dev', async () => {
    const page = await signIn('authData');
    await page.goto(`${stack.url}/socket-users`);
    await page.getByText('Not for your roles').waitFor();
    const body = { email: 'someone@example.test', reason: 'Looking around' };
    expect(await statusOf(page, 'POST', '/api/impersonate-user/login-as', body)).toBe(403);
    await page.close();
  });
});
