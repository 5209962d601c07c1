/**
 * The shell in Debian's Chromium over the real auth, search and gateway (a small generated world):
 * single sign-on through a local OpenID Connect provider (tests/support/oidc-provider.ts) lands each
 * user where the password path lands them; the database banner and indicator for admins only
 * (refused by the server for others); Settings for admin or support only; the footer's user
 * lookup links; the app-updated banner when the main script is gone at the 15-minute check.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { type LocalOidc, startLocalOidc } from '../support/oidc-provider.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
let oidc: LocalOidc;
const browser = useChromium(async () => {
  await stack?.stop();
  await oidc?.stop();
});
const sue = { email: '', password: 'shell-support-1', name: 'Sue Support' };
const dan = { email: '', password: 'shell-data-1', name: 'Dan Data' };

beforeAll(async () => {
  oidc = await startLocalOidc();
  stack = await startWorldStack('e2eshell', 43, 20, {
    poolSize: 2,
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_ALLOW_HTTP: 'true',
    },
  });
  oidc.serve(`${stack.url}/auth/provider/callback`);
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', sue);
  await enrolStaff(stack, admin, 'datauser', dan);
}, 180_000);

const newPage = async (): Promise<Page> => (await browser().newContext()).newPage();
const path = (page: Page) => new URL(page.url()).pathname;

/** Through the provider's own login and consent pages, as a person would. */
async function signInWithProvider(page: Page, email: string) {
  await page.goto(`${stack.url}/login`);
  await page.getByRole('link', { name: 'Connect with the provider' }).click();
  await page.waitForURL((u) => u.origin === oidc.issuer);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Back on the console: the landing screen, or /login with the reason.
  await page.waitForURL((u) => u.origin === stack.url && !u.pathname.startsWith('/auth/'), {
    timeout: 30_000,
  });
}

describe('single sign-on', () => {
  it('lands each user where the password path lands them, signed in with their roles', async () => {
    const landed: string[] = [];
    for (const who of [sue, dan]) {
      const byPassword = await newPage();
      await signInPage(byPassword, stack, who);
      await expect.poll(() => path(byPassword)).not.toBe('/login');
      const expected = path(byPassword);
      landed.push(expected);

      const bySso = await newPage();
      await signInWithProvider(bySso, who.email);
      await expect.poll(() => path(bySso), { timeout: 20_000 }).toBe(expected);
      await bySso.getByText(`Hello ${who.name}`).waitFor();
      const me = (await bySso.evaluate(async () => (await fetch('/api/users/me')).json())) as {
        email: string;
      };
      expect(me.email).toBe(who.email);
    }
    // Core spec §2: support users land on Support Plus, data users on the data monitor.
    expect(landed).toEqual(['/supportPlus', '/datamonitor']);
  }, 120_000);

  it('sends an e-mail with no staff account back to the login page with the reason', async () => {
    const page = await newPage();
    await signInWithProvider(page, 'stranger@elsewhere.test');
    await page.getByText('no active staff account has that e-mail').waitFor({ timeout: 20_000 });
    expect(path(page)).toBe('/login');
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(401);
  }, 60_000);
});

describe('the shell', () => {
  it('shows admins the database banner and indicator; the server refuses the call to others', async () => {
    const admin = await newPage();
    await signInPage(admin, stack, stack.admin, { oneTimeCode: true });
    await admin.getByText('DB: test').waitFor();
    await admin.getByText('This console is connected to a test database.').waitFor();
    await admin.getByRole('button', { name: 'Change' }).click();
    const change = admin.getByRole('dialog', { name: 'Change database' });
    await change.waitFor();
    // The databases this stack's services were given: server and name, never a password.
    const dbs = change.getByRole('list', { name: 'Connected databases' }).getByRole('listitem');
    const pg = new URL(stack.world.url);
    const mongo = new URL(stack.mongo.url);
    expect(await dbs.filter({ hasText: 'Postgres' }).textContent()).toContain(
      `database ${pg.pathname.slice(1)} on ${pg.host}`,
    );
    expect(await dbs.filter({ hasText: 'MongoDB' }).textContent()).toContain(
      `database ${mongo.pathname.slice(1)} on ${mongo.host.split(',')[0]}`,
    );
    if (pg.password) expect(await change.textContent()).not.toContain(pg.password);
    await change.getByText('Switching from the console: not allowed by this deployment.').waitFor();
    await change.getByText(/change those settings for every service and restart them/).waitFor();

    const support = await newPage();
    await signInPage(support, stack, sue);
    await support.getByText(`Hello ${sue.name}`).waitFor();
    expect(await support.getByText('DB: test').count()).toBe(0);
    expect(await support.evaluate(async () => (await fetch('/api/support/connectedDb')).status)).toBe(403);
  }, 60_000);

  it('offers Settings to support but not to a data user, and links a typed user id to both searches', async () => {
    const support = await newPage();
    await signInPage(support, stack, sue);
    await support.getByRole('link', { name: 'Settings' }).waitFor();
    await support.getByLabel('User id to look up').fill('4711');
    await support.getByRole('link', { name: 'Support Plus', exact: true }).click();
    // The screen runs the search for the term: the router may write it back JSON-quoted (a string
    // that reads as a number keeps its type that way), so the term is read as the router reads it.
    const term = () => {
      const url = new URL(support.url());
      const raw = url.searchParams.get('searchterm') ?? '';
      return `${url.pathname} ${raw.startsWith('"') ? JSON.parse(raw) : raw}`;
    };
    await expect.poll(term).toBe('/supportPlus 4711');

    const data = await newPage();
    await signInPage(data, stack, dan);
    await data.getByText(`Hello ${dan.name}`).waitFor();
    expect(await data.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await data.goto(`${stack.url}/settings`);
    await data.getByText('Not for your roles').waitFor();
  }, 60_000);

  it('asks to refresh when the check 15 minutes later finds the main script gone (a new build)', async () => {
    const page = await newPage();
    await page.clock.install();
    await signInPage(page, stack, sue);
    await page.getByText(`Hello ${sue.name}`).waitFor();
    const banner = page.getByText('The app has been updated, please refresh.');
    await page.clock.fastForward('15:00');
    await page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);
    // A new build replaced the hashed script this page runs.
    await page.route('**/assets/index-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.clock.fastForward('15:00');
    await banner.waitFor();
  }, 60_000);
});
