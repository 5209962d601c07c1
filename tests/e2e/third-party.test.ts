/**
 * Philips Hue and Sonos linking in Debian's Chromium: the link service stand-in
 * (infra/link-cloud, the same world seed) as its own process behind the gateway's /link/*, the
 * real auth, search and gateway over a generated world. A support user signs in as a customer at
 * the link service, discovers their structures and items, meets each of the seed's error texts,
 * and assigns; signed out, the gateway refuses the link calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { generateCustomer } from '@console/world';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const SEED = 47;
const CUSTOMERS = 30;
const LINK_PASSWORD = 'link-pass-1';
let cloud: ChildProcess;
let stack: WorldStack;
const browser = useChromium(async () => {
  await stack?.stop();
  cloud?.kill();
});
const sue = { email: '', password: 'third-party-1', name: 'Sue Support' };

/** A customer of the world whose first structure has rooms to hang things in. */
function customerWithRooms(): string {
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = generateCustomer(SEED, i, { gen1: false, histories: false });
    const rooms = c.gen2.structures.flatMap((s) =>
      Object.values(s._groups).filter((g) => g.visible && g.type === 'room'),
    );
    const email = c.gen2.users[0]?.email;
    if (email && rooms.length > 0) return email;
  }
  throw new Error('no customer with rooms');
}

async function startCloud(): Promise<string> {
  cloud = spawn(process.execPath, [resolve(import.meta.dirname, '../../infra/link-cloud/server.ts')], {
    env: {
      ...process.env,
      LINK_CLOUD_PORT: '0',
      LINK_CLOUD_SEED: String(SEED),
      LINK_CLOUD_CUSTOMERS: String(CUSTOMERS),
      LINK_CLOUD_PASSWORD: LINK_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    cloud.stdout?.on('data', (d) => {
      out += d;
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) ok(url);
    });
    cloud.on('exit', (code) => fail(new Error(`link cloud exited (${code})`)));
  });
}

beforeAll(async () => {
  const url = await startCloud();
  stack = await startWorldStack('e2elink', SEED, CUSTOMERS, { poolSize: 2, env: { LINK_CLOUD_URL: url } });
  await enrolStaff(stack, await signInAdmin(stack), 'support', sue);
}, 180_000);

async function login(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
const alertText = (page: Page) => page.getByRole('alert').textContent();

describe('third-party linking', () => {
  it('links a customer’s Hue lights to a room, with the seed’s error texts on the way', async () => {
    const customer = customerWithRooms();
    const page = await (await browser().newContext()).newPage();
    await signInPage(page, stack, sue);
    await page.goto(`${stack.url}/philipshue?nonce=n-123`);
    await page.getByText('Link request n-123').waitFor();

    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => alertText(page)).toContain('username & pw required for this method');
    await login(page, customer, 'wrong');
    await expect.poll(() => alertText(page)).toContain('Error');

    await login(page, customer, LINK_PASSWORD);
    const table = page.getByRole('table', { name: 'Philips Hue items' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => alertText(page)).toContain('nonthing to assign');

    const selects = page.getByLabel(/^Group for /);
    for (let i = 0; i < rows; i++) {
      await selects.first().click();
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: 'Assign' }).click();
      await page.getByText('Assigned 1.').waitFor();
    }
    await page.getByText(`${rows} of ${rows} assigned`).waitFor();
    await page.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => alertText(page)).toContain('all assigned already');
  }, 120_000);

  it('assigns a Sonos group through /users/assign', async () => {
    const page = await (await browser().newContext()).newPage();
    await signInPage(page, stack, sue);
    await page.goto(`${stack.url}/sonos`);
    await login(page, customerWithRooms(), LINK_PASSWORD);
    await page.getByRole('table', { name: 'Sonos items' }).waitFor();
    await page
      .getByLabel(/^Group for /)
      .first()
      .click();
    await page.getByRole('option').first().click();
    const assigned = page.waitForResponse((r) => r.url().endsWith('/link/users/assign'));
    await page.getByRole('button', { name: 'Assign' }).click();
    expect((await assigned).status()).toBe(200);
    await page.getByText('Assigned 1.').waitFor();
  }, 60_000);

  it('refuses the link calls to a signed-out browser, and discovery without the bearer token', async () => {
    const page = await (await browser().newContext()).newPage();
    await page.goto(`${stack.url}/login`);
    expect(
      await page.evaluate(async () => (await fetch('/link/users/discovery?structures=true')).status),
    ).toBe(401);
    await signInPage(page, stack, sue);
    const r = await page.evaluate(async () => {
      const res = await fetch('/link/philipshue/discovery?structures=true');
      return { status: res.status, body: await res.json() };
    });
    expect(r).toEqual({ status: 401, body: { message: 'Error' } });
  }, 60_000);
});
