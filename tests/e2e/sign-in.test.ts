/**
 * The built console in Debian's Chromium, against the real gateway and auth service processes,
 * real NATS, Postgres, Redis and the captured mailbox. Located by role and label, as a person would.
 */
import { infraEnv } from '@console/kit/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { Client, type Stack, startStack } from '../support/stack.ts';

let stack: Stack;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'support-first-1', name: 'Sam Support' };

beforeAll(async () => {
  stack = await startStack(infraEnv());
  // The admin prepares a support colleague through the API, as the admin screen would.
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support, { requireOneTimeCode: true });
});

/** Every user here has the e-mailed code step. */
const signIn = (page: Page, email: string, password: string) =>
  signInPage(page, stack, { email, password }, { oneTimeCode: true });

const menuButtons = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button').allInnerTexts()).map((t) =>
    t.trim(),
  );

describe('signing in to the console', () => {
  it('takes an admin through the e-mailed code to the main screen with every menu area', async () => {
    const page = await browser().newPage();
    await signIn(page, stack.admin.email, stack.admin.password);
    await page.getByText('Hello Ada Admin').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() => menuButtons(page))
      .toEqual([
        'Support',
        'Stats',
        'Auth',
        'Dev',
        'Admin tools',
        'Data',
        'Accounts',
        'Link Direct',
        'Reports',
      ]);
    expect(await page.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);
    await page.close();
  });

  it('sends a support user to Support Plus with only the Support menu, and no Admin link', async () => {
    const page = await browser().newPage();
    await signIn(page, support.email, support.password);
    await page.getByText(`Hello ${support.name}`).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    expect(await menuButtons(page)).toEqual(['Support']);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.close();
  });

  it('lets the support user change the password, then log out back to the sign-in page', async () => {
    const page = await browser().newPage();
    await signIn(page, support.email, support.password);
    await page.getByText(`Hello ${support.name}`).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();

    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('support-second-2');
    await page.getByLabel('Confirm new password').fill('support-second-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Incorrect password').waitFor();

    await page.getByLabel('Old password').fill(support.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password successfully changed').waitFor();
    support.password = 'support-second-2';

    await page.getByRole('link', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${stack.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.close();

    // The new password is the one that works now.
    const api = new Client(stack.url);
    expect(
      (await api.call('POST', '/auth/local', { email: support.email, password: 'support-first-1' })).status,
    ).toBe(401);
    const ok = await api.call('POST', '/auth/local', { email: support.email, password: support.password });
    expect(ok.json.requiresOneTimeCode).toBe(true);
  });
});
