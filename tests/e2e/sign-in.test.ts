/**
 * The built console in Debian's Chromium, against the real gateway and auth service processes,
 * real NATS, Postgres, Redis and the captured mailbox. Located by role and label, as a person would.
 */
import { request } from 'node:http';
import { infraEnv, oneTimeCode } from '@console/kit/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, submitLogin, useChromium } from '../support/browser.ts';
import { createStaff, enrolStaff, signInAdmin } from '../support/people.ts';
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

/**
 * A stranger's POST from another loopback address (127.0.0.2), so the gateway sees a different
 * client address than the victim's browser (127.0.0.1) without trusting any proxy header.
 */
function strangerPost(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const url = new URL(path, stack.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress: '127.0.0.2', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

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

  it('keeps the victim’s code working while a stranger at another address sends wrong codes (issue 29 §3)', async () => {
    const victim = await createStaff(await signInAdmin(stack), 'support', 'Vic Victim', {
      requireOneTimeCode: true,
    });
    const page = await browser().newPage();
    const since = await submitLogin(page, stack, victim);
    await page.getByLabel('One-time code').waitFor();
    const code = await oneTimeCode(stack.infra.MAILBOX_URL, victim.email, { since });

    // The stranger knows the victim's staff id (1, 2, 3… in the admin list) and strikes while the
    // code is pending: by id the code cannot be addressed at all, and made-up attempt ids (60, past
    // the stranger's own address limit) all hear one and the same refusal.
    const byId = await strangerPost('/auth/local/verify-code', { userId: victim.id, code: '000000' });
    expect(byId.status).toBe(400);
    const answers = new Map<string, number>();
    for (let i = 0; i < 60; i++) {
      const guess = { attemptId: `${'a'.repeat(40)}${String(i).padStart(3, '0')}`, code: '000000' };
      const r = await strangerPost('/auth/local/verify-code', guess);
      // Every answer but its request id: one refusal, then the stranger's own address limit.
      const key = `${r.status} ${(r.json as { message?: string }).message}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    expect([...answers.keys()]).toEqual([
      '401 That code does not work: it is wrong, expired or was used. Check it, or go back and sign in again.',
      '429 Too many attempts; please wait a few minutes and try again.',
    ]);

    // The victim types the code from the e-mail and is in.
    await page.getByLabel('One-time code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Hello ${victim.name}`).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.close();
  });

  it('shows one refusal for a wrong code and for a used one, and Back to Login starts over', async () => {
    const page = await browser().newPage();
    const since = await submitLogin(page, stack, support);
    await page.getByLabel('One-time code').waitFor();
    const code = await oneTimeCode(stack.infra.MAILBOX_URL, support.email, { since });
    await page.getByLabel('One-time code').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    const refusal =
      'That code does not work: it is wrong, expired or was used. Check it, or go back and sign in again.';
    await page.getByRole('alert').getByText(refusal).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByLabel('E-mail').waitFor();
    await page.close();
  });
});
