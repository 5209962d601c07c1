/**
 * The Support Plus overview's live links in Debian's Chromium: the real auth, search (the
 * overview's stored side, over an empty world), simulator, hub-control and gateway processes on
 * real NATS, Redis, Postgres and the Mongo-compatible server. The list comes from hub-control's
 * channel list (paged, 202 while it warms up), and Refresh Channels rebuilds it from Redis.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChannelPage } from '@console/contracts';
import { infraEnv } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import { MongoClient } from 'mongodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, launchChromium, signInApi } from '../support/people.ts';
import { type Stack, startStack } from '../support/stack.ts';

const SIM = { SIM_HUBS: '4', SIM_SEED: '7', SIM_WFLS: '0', SIM_HOSTS: '0' };
const hubIds = syntheticFleet({ hubs: 4, wfls: 0, hosts: 0, seed: 7 }).hubs.map((h) => h.hubId);
let stack: Stack;
let browser: Browser;
let mongoUrl = '';
const support = { email: '', password: 'support-live-links-1', name: 'Lena Links' };

beforeAll(async () => {
  if (!existsSync(resolve(import.meta.dirname, '../../web/dist/index.html'))) {
    throw new Error('web/dist is missing: build the console first (pnpm --filter @console/web build)');
  }
  const infra = infraEnv();
  stack = await startStack(infra, ['auth', 'search', 'simulator', 'hub-control', 'gateway'], (prefix) => {
    const u = new URL(infra.MONGO_URL);
    u.pathname = `/${prefix}`;
    mongoUrl = u.toString();
    return {
      ...SIM,
      MONGO_URL: mongoUrl,
      SIM_CONNECT_SPREAD_MS: '0',
      SIM_PRESENCE_REFRESH_S: '1',
      PRESENCE_REFRESH_S: '2',
      SIM_EVENTS_PER_HUB_PER_MIN: '0',
      SIM_STATUS_PER_HUB_PER_MIN: '0',
      SIM_LOGS_PER_HUB_PER_MIN: '0',
      SIM_NOTIFICATIONS_PER_HUB_PER_MIN: '0',
    };
  });
  support.email = `${stack.prefix}-support@console.test`;
  const admin = await signInApi(stack, stack.admin.email, stack.admin.password);
  await createStaff(admin, 'support', support.name, {
    email: support.email,
    password: support.password,
    requireOneTimeCode: false,
  });
  // Through the gateway: 202 until hub-control has heard every hub re-announce, then all of them.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await admin.call('GET', '/api/supportPlus/socket/channel-list/0/500');
    if (res.status === 200 && (res.json as ChannelPage).total === hubIds.length) break;
    if (Date.now() > deadline) throw new Error(`channel list never complete: ${JSON.stringify(res.json)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (mongoUrl) {
    const mongo = new MongoClient(mongoUrl);
    await mongo.connect();
    await mongo.db().dropDatabase();
    await mongo.close();
  }
});

describe('the overview’s live links', () => {
  it('lists every connected hub with a link to it, counts them, and refreshes the channels', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('E-mail').fill(support.email);
    await page.getByLabel('Password', { exact: true }).fill(support.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');

    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByRole('tab', { name: `Live (${hubIds.length})` }).waitFor({ timeout: 20_000 });
    const table = overview.getByRole('table', { name: 'Live links' });
    for (const id of hubIds) await table.getByRole('link', { name: String(id), exact: true }).waitFor();
    expect(await table.getByText(`link2.${hubIds[0]}.${hubIds[0]}`).count()).toBe(1);
    await expect
      .poll(() => overview.getByRole('group', { name: 'Live Link+' }).textContent())
      .toMatch(new RegExp(`^Live Link\\+${hubIds.length}of`));

    await page
      .getByRole('region', { name: 'Search bar' })
      .getByRole('button', { name: 'Refresh Channels' })
      .click();
    await page.getByText(`Channels refreshed: ${hubIds.length} live.`).waitFor({ timeout: 20_000 });
    await table.getByRole('link', { name: String(hubIds[0]), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/supportPlus/hub/${hubIds[0]}`);
    await page.close();
  });
});
