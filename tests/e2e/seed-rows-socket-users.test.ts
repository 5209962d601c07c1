/**
 * /socket-users' Payloads panel and logging toggles (seed 002 §2 user channel page, issue 32) in
 * Debian's Chromium over the real auth, hub-control and gateway on a loaded world: a dev logs in as
 * a customer (Login-As with a reason), authenticates the channel, sends the Hierarchy message once
 * per payload line with Send Payloads (a bad line said, nothing sent), and turns the outgoing and
 * incoming logging off and on: what is not logged is still sent and answered.
 */
import { COLLECTIONS } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { userChannelAs } from '../support/user-channel.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const dev = { email: '', password: 'socket-rows-1', name: 'Payl Oader' };

beforeAll(async () => {
  stack = await startWorldStack('e2esurows', 21, 10, { services: ['auth', 'hub-control', 'gateway'] });
  await enrolStaff(stack, await signInAdmin(stack), 'dev', dev);
}, 180_000);

const lines = (page: Page, text: RegExp) => page.getByRole('log', { name: 'Socket log' }).getByText(text);
const requests = (page: Page) => lines(page, /→ server user\.hierarchy request/).count();
const responses = (page: Page) => lines(page, /← server user\.hierarchy response/).count();

describe('/socket-users Payloads and logging', () => {
  it('sends one message per payload line, and logs outgoing and incoming only while each toggle is on', async () => {
    const customer = await stack.mongo.db
      .collection<{ email: string }>(COLLECTIONS.authUsers)
      .findOne({}, { sort: { email: 1 } });
    if (!customer) throw new Error('no auth user in this world');
    const page = await signedInPage(browser(), stack, dev);
    await userChannelAs(page, stack, customer.email, 'Checking the Payloads panel');

    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await page.getByLabel('Payloads').fill('{}\nnot json');
    await page.getByRole('button', { name: 'Send Payloads' }).click();
    await page.getByText('Line 2 is not JSON.').waitFor();
    await page.waitForTimeout(1500);
    expect(await requests(page)).toBe(0);

    await page.getByLabel('Payloads').fill('{}\n{"depth": 1}\n{"depth": 2}');
    await page.getByRole('button', { name: 'Send Payloads' }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(3);
    expect(await requests(page)).toBe(3);

    // Outgoing off: the request goes (its answer arrives) but is not logged.
    await page.getByLabel('Logging Outgoing').uncheck();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(4);
    expect(await requests(page)).toBe(3);

    // Incoming off too: nothing new is logged; on again, both are.
    await page.getByLabel('Logging Incoming').uncheck();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForTimeout(3000);
    expect(await responses(page)).toBe(4);
    expect(await requests(page)).toBe(3);
    await page.getByLabel('Logging Incoming').check();
    await page.getByLabel('Logging Outgoing').check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(5);
    expect(await requests(page)).toBe(4);
    await page.close();
  }, 120_000);
});
