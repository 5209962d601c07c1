/**
 * The legacy support page in Debian's Chromium: the real auth, search and gateway processes on
 * real NATS, Postgres, Redis, the Mongo-compatible server and the captured mailbox, over a world
 * loaded by the world loader into a database and a Mongo database of this file's own. Nothing is
 * stood in. Located by role and label, as a person would.
 */
import { displayMac } from '@console/contracts';
import type pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let session: BrowserContext;
let pool: pg.Pool;
const support = { email: '', password: 'support-search-1', name: 'Sue Search' };
const accounts = { email: '', password: 'accounts-search-1', name: 'Aki Accounts' };

/** A customer that each kind of search finds alone: unique e-mail, MAC and device serial. */
interface Target {
  user_id: number;
  email: string;
  wfl_id: number;
  mac: string;
  wfl_name: string;
  serial: string;
}
let target: Target;

beforeAll(async () => {
  stack = await startWorldStack('e2esearch', 23, 120, { poolSize: 2 });
  pool = stack.world.pool;
  const found = await pool.query<Target>(`
    select u.user_id::int, u.email, w.wfl_id::int, w.mac, w.name as wfl_name, d.serial
    from users u join wfls w on w.user_id = u.user_id join devices d on d.wfl_id = w.wfl_id
    where w.mac like '74:0A:BC:%' and length(d.serial) >= 6
      and (select count(*) from users x where x.email ilike '%' || u.email || '%') = 1
      and (select count(distinct y.user_id) from wfls y where y.mac ilike '%' || substr(w.mac, 10)) = 1
      and (select count(distinct w2.user_id) from devices d2 join wfls w2 on w2.wfl_id = d2.wfl_id
           where d2.serial ilike d.serial || '%' or d2.name ilike '%' || d.serial || '%') = 1
    order by u.user_id limit 1`);
  expect(found.rowCount).toBe(1);
  target = found.rows[0] as Target;

  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  await enrolStaff(stack, admin, 'accounts', accounts);
}, 180_000);

/** One signed-in browser session for the file; each test opens its own tab in it. */
async function signedIn(): Promise<Page> {
  if (!session) {
    session = await browser().newContext();
    const page = await signedInPage(session, stack, support);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    return page;
  }
  const page = await session.newPage();
  await page.goto(`${stack.url}/supportPlus`);
  return page;
}

const closeDetail = (page: Page) =>
  page
    .getByRole('region', { name: 'User detail' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();

const detailHeading = (page: Page) =>
  page.getByRole('heading', { name: `User ${target.user_id}`, exact: true });

describe('the legacy support page', () => {
  it('is linked from the Support menu', async () => {
    const page = await signedIn();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Support' })
      .click();
    await page.getByRole('menuitem', { name: 'Support', exact: true }).click();
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/support');
    expect(await page.getByText('is not available yet').count()).toBe(0);
    await page.close();
  });

  it('finds a customer by e-mail, by MAC and by serial; a single result opens its detail', async () => {
    const page = await signedIn();
    await page.goto(`${stack.url}/support`);

    // Nothing to search: the form says so and nothing is searched.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Enter a user, MAC or hub to search.').waitFor();

    await page.getByRole('combobox', { name: 'User', exact: true }).fill(target.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await detailHeading(page).waitFor();
    await page.getByRole('status').filter({ hasText: 'Found 1 account.' }).waitFor();
    expect(new URL(page.url()).searchParams.get('detail')).toBe(String(target.user_id));
    await closeDetail(page);
    await page
      .getByRole('table', { name: 'Search results' })
      .getByRole('button', { name: target.email })
      .waitFor();

    // More reveals the advanced options; the MAC as staff see it (no vendor prefix).
    await page.getByRole('combobox', { name: 'User', exact: true }).fill('');
    await page.getByRole('checkbox', { name: 'More' }).check();
    await page.getByLabel('MAC', { exact: true }).fill(displayMac(target.mac));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await detailHeading(page).waitFor();
    const wfls = page.getByRole('table', { name: 'WFL list' });
    await wfls.getByText(displayMac(target.mac), { exact: true }).waitFor();
    expect(await wfls.getByText(target.mac, { exact: true }).count()).toBe(0);
    await closeDetail(page);

    // One advanced option at a time: typing a serial clears the MAC.
    await page.getByLabel('Device serial').fill(target.serial);
    expect(await page.getByLabel('MAC', { exact: true }).inputValue()).toBe('');
    await page.getByRole('checkbox', { name: 'Debug' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await detailHeading(page).waitFor();
    await closeDetail(page);
    const debug = page.getByRole('region', { name: 'Debug' });
    await debug
      .getByText(`GET /api/support/findByDevice/${encodeURIComponent(target.serial)}?limit=20&offset=0`)
      .waitFor();
    expect(await debug.textContent()).toContain(`"email": "${target.email}"`);

    // The last searches are remembered and run again on a click.
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await recent.getByRole('button', { name: `MAC ${displayMac(target.mac)}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBe('mac');
    await detailHeading(page).waitFor();
    await page.close();
  });

  it('pages through a broad search and opens a row', async () => {
    const page = await signedIn();
    await page.goto(`${stack.url}/support?searchterm=example`);
    const results = page.getByRole('table', { name: 'Search results' });
    await results.waitFor();
    const { rows } = await pool.query<{ n: number }>(
      "select count(*)::int as n from users where email ilike '%example%' or username ilike '%example%' or name ilike '%example%'",
    );
    const total = rows[0]?.n ?? 0;
    expect(total).toBeGreaterThan(40);
    await page.getByText(`${total} accounts found`).waitFor();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(20);

    await page.getByRole('combobox', { name: 'Page size' }).click();
    await page.getByRole('option', { name: '40' }).click();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(40);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('offset')).toBe('40');
    await expect.poll(() => results.locator('tbody tr').count()).toBe(Math.min(40, total - 40));

    const email = (await results.locator('tbody tr').first().getByRole('button').textContent()) ?? '';
    await results.getByRole('button', { name: email }).click();
    await page.getByRole('region', { name: 'User account' }).getByText(email, { exact: true }).waitFor();
    await page.close();
  });

  it('renames a hub, writes a note and shows it with the view history', async () => {
    const page = await signedIn();
    await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(target.email)}`);
    await detailHeading(page).waitFor();
    expect(await page.getByRole('link', { name: 'Open in Support Plus' }).getAttribute('href')).toBe(
      `/supportPlus?searchterm=${encodeURIComponent(target.email)}`,
    );

    const notesBefore = await page.evaluate(
      async (id) => ((await (await fetch(`/api/support/loadSupportNotes/${id}`)).json()) as unknown[]).length,
      String(target.user_id),
    );
    const row = page.getByRole('row', { name: `WFL ${target.wfl_id}` });
    const renamed = `${target.wfl_name} renamed`;
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('WFL name').fill(renamed);
    await row.getByRole('button', { name: 'Update' }).click();
    await page.getByText('WFL updated.').waitFor();
    const stored = await pool.query('select name from wfls where wfl_id = $1', [target.wfl_id]);
    expect(stored.rows[0].name).toBe(renamed);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.getByText(renamed, { exact: true }).waitFor();

    // The rename left an automatic note; a new note comes first.
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByText(`1 / ${notesBefore + 1}`).waitFor();
    const text = `Customer called about the hub ${Date.now()}`;
    await notes.getByLabel('New note').fill(text);
    await notes.getByRole('button', { name: 'Save' }).click();
    await notes.getByText(text).waitFor();
    await notes.getByText(`1 / ${notesBefore + 2}`).waitFor();
    await notes.getByText(new RegExp(`by ${support.email.replace(/[.]/g, '\\.')}`)).waitFor();

    // Someone else's (the automatic) note cannot be changed: the server's words show.
    await notes.getByRole('button', { name: 'Next' }).click();
    await notes.getByText(`2 / ${notesBefore + 2}`).waitFor();
    await notes.getByText(/changed WFL/).waitFor();
    await notes.getByRole('button', { name: 'Note, click to edit' }).click();
    await notes.getByLabel('Edit note').fill('changed');
    await notes.getByRole('button', { name: 'Update' }).click();
    await notes.getByText('Unable to edit notes edited by other support').waitFor();

    const history = page.getByRole('region', { name: 'View History' });
    await history.getByText(support.email, { exact: false }).first().waitFor();
    const views = await page.evaluate(
      async (id) => (await (await fetch(`/api/support/viewHistory/${id}/x`)).json()) as { userId: string }[],
      String(target.user_id),
    );
    expect(views.filter((v) => v.userId === support.email).length).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

describe('the customer search screen', () => {
  it('is linked for the accounts role; a searchterm in the URL runs the search and opens the only result', async () => {
    const context = await browser().newContext();
    const page = await signedInPage(context, stack, accounts);
    await page.getByText(`Hello ${accounts.name}`).waitFor();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Accounts' })
      .click();
    await page.getByRole('menuitem', { name: 'User Data Access' }).click();
    await page.getByRole('heading', { name: 'User Data Access' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user-dataaccess');

    await page.goto(`${stack.url}/user-dataaccess?searchterm=${encodeURIComponent(target.email)}`);
    const detail = page.getByRole('region', { name: 'Account detail' });
    await detail.getByRole('heading', { name: `User ${target.user_id}`, exact: true }).waitFor();
    await detail
      .getByRole('table', { name: 'WFLs' })
      .getByText(displayMac(target.mac), { exact: true })
      .waitFor();
    // Read-only: the accounts role searches and reads, it does not edit.
    expect(await detail.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // The criteria: a device serial alone finds the same account.
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('combobox', { name: 'User', exact: true }).fill('');
    await page.getByLabel('Device name or serial').fill(target.serial);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBe('serial');
    await detail.getByRole('heading', { name: `User ${target.user_id}`, exact: true }).waitFor();
    await context.close();
  });
});
