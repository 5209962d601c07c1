/**
 * Seed 000 rows of the legacy support page (issue 32) in Debian's Chromium over the real auth,
 * search and gateway on a loaded world (seed 23, 40 customers): the user block's editable e-mail
 * (saved in one transaction with its automatic note; another account's e-mail and a malformed one
 * refused by the server), the search's error texts for a search the server refuses ('Server request
 * failed', 'Query error' with the server's words and the status), and 'No WFL/LWL found' for an
 * account without a WFL.
 */
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let pool: pg.Pool;
const support = { email: '', password: 'seed-rows-gen1-1', name: 'Gene Rows' };
type User = { user_id: number; email: string; username: string };
let target: User;
let other: User;

beforeAll(async () => {
  stack = await startWorldStack('e2egen1rows', 23, 40, { poolSize: 2 });
  pool = stack.world.pool;
  // Two accounts with a WFL whose e-mails no other account contains (so a search finds one each).
  const found = await pool.query<User>(`
    select u.user_id::int, u.email, u.username from users u
    where exists (select 1 from wfls w where w.user_id = u.user_id)
      and (select count(*) from users x where x.email ilike '%' || u.email || '%') = 1
    order by u.user_id limit 2`);
  [target, other] = found.rows as [User, User];
  expect(other).toBeDefined();
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
}, 180_000);

async function signedIn(): Promise<Page> {
  const page = await signedInPage(browser(), stack, support);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toBe('/login');
  return page;
}

const openAccount = async (page: Page, user: User) => {
  await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(user.email)}`);
  await page.getByRole('heading', { name: `User ${user.user_id}`, exact: true }).waitFor();
  return page.getByRole('region', { name: 'User account' });
};

describe('the user block', () => {
  it('edits the e-mail with Edit and Update; the server refuses a taken or malformed one', async () => {
    const page = await signedIn();
    const block = await openAccount(page, target);
    const fresh = `renamed.${Date.now()}@example.test`;

    await block.getByRole('button', { name: 'Edit' }).click();
    await block.getByLabel('E-mail').fill(other.email);
    await block.getByRole('button', { name: 'Update' }).click();
    await block.getByText('Another account has that e-mail address.').waitFor();

    await block.getByLabel('E-mail').fill('not-an-address');
    await block.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(async () => (await block.getByRole('alert').textContent()) ?? '')
      .toMatch(/email|pattern/i);

    await block.getByLabel('E-mail').fill(fresh);
    await block.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User updated.').waitFor();
    await block.getByText(fresh, { exact: true }).waitFor();
    const stored = await pool.query('select email from users where user_id = $1', [target.user_id]);
    expect(stored.rows[0].email).toBe(fresh);
    // The automatic note names the change.
    const notes = await page.evaluate(
      async (id) =>
        (await (await fetch(`/api/support/loadSupportNotes/${id}`)).json()) as { notes: string }[],
      String(target.user_id),
    );
    expect(notes.some((n) => n.notes.includes(`e-mail ${target.email} → ${fresh}`))).toBe(true);

    // Cancel leaves it as it is.
    await block.getByRole('button', { name: 'Edit' }).click();
    await block.getByLabel('E-mail').fill('cancelled@example.test');
    await block.getByRole('button', { name: 'cancel' }).click();
    await block.getByText(fresh, { exact: true }).waitFor();
    expect(
      (await pool.query('select email from users where user_id = $1', [target.user_id])).rows[0].email,
    ).toBe(fresh);
    await page.close();
  }, 60_000);
});

describe('the search and status texts', () => {
  it("shows 'Server request failed' and the query error with the server's words and status", async () => {
    const page = await signedIn();
    await page.goto(`${stack.url}/support?by=mac&value=zzzz`);
    await page.getByText('Server request failed').waitFor();
    const error = page.getByRole('alert').filter({ hasText: 'Query error' });
    await error.getByText('A MAC is made of hex digits (0-9, A-F), with or without colons.').waitFor();
    await error.getByText('Status 400').waitFor();
    await page.close();
  }, 60_000);

  it("says 'No WFL/LWL found' for an account without a WFL", async () => {
    const id = (await pool.query<{ id: number }>('select max(user_id)::int + 1 as id from users')).rows[0]
      ?.id as number;
    const now = Math.floor(Date.now() / 1000);
    await pool.query(
      `insert into users (user_id, email, username, name, role, active, created, updated)
       values ($1, $2, $3, 'No Links', null, 1, $4, $4)`,
      [id, `nolinks.${id}@example.test`, `nolinks${id}`, now],
    );
    const page = await signedIn();
    await openAccount(page, { user_id: id, email: `nolinks.${id}@example.test`, username: '' });
    await page.getByRole('region', { name: 'LWRF Links' }).getByText('No WFL/LWL found').waitFor();
    expect(await page.getByRole('region', { name: 'LWRF Links' }).getByRole('button').count()).toBe(0);
    await page.close();
  }, 60_000);
});
