/**
 * Restarting a hub from its live monitor in Debian's Chromium: the real auth, gateway,
 * hub-control and simulator processes on real NATS with JetStream, Postgres, Redis, the
 * Mongo-compatible server and the captured mailbox. Nothing is stood in: the restart goes
 * browser → gateway → hub-control → NATS → simulated hub, and its request and reply come back
 * to the browser through the gateway's /ws fan-out.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HubCard, SimHub } from '@console/contracts';
import { infraEnv } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import { MongoClient } from 'mongodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, launchChromium, signInApi } from '../support/people.ts';
import { type Stack, startStack } from '../support/stack.ts';

const SIM = { SIM_HUBS: '3', SIM_SEED: '5', SIM_WFLS: '0', SIM_HOSTS: '0' };
let stack: Stack;
let browser: Browser;
let mongoUrl = '';
let hub: SimHub;
const support = { email: '', password: 'support-restart-1', name: 'Rita Restart' };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${stack.logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!existsSync(resolve(import.meta.dirname, '../../web/dist/index.html'))) {
    throw new Error('web/dist is missing: build the console first (pnpm --filter @console/web build)');
  }
  const infra = infraEnv();
  stack = await startStack(infra, ['auth', 'simulator', 'hub-control', 'gateway'], (prefix) => {
    const u = new URL(infra.MONGO_URL);
    u.pathname = `/${prefix}`;
    mongoUrl = u.toString();
    return {
      ...SIM,
      MONGO_URL: mongoUrl,
      SIM_CONNECT_SPREAD_MS: '0',
      SIM_PRESENCE_REFRESH_S: '1',
      SIM_RESTART_MS: '1500',
      SIM_EVENTS_PER_HUB_PER_MIN: '0',
      SIM_STATUS_PER_HUB_PER_MIN: '0',
      SIM_LOGS_PER_HUB_PER_MIN: '0',
      SIM_NOTIFICATIONS_PER_HUB_PER_MIN: '0',
      HUB_TIMEOUT_MS: '5000',
    };
  });
  hub = syntheticFleet({ hubs: 3, wfls: 0, hosts: 0, seed: Number(SIM.SIM_SEED) }).hubs[0] as SimHub;
  support.email = `${stack.prefix}-support@console.test`;
  const admin = await signInApi(stack, stack.admin.email, stack.admin.password);
  await createStaff(admin, 'support', support.name, {
    email: support.email,
    password: support.password,
    requireOneTimeCode: false,
  });
  await until(
    async () =>
      ((await admin.call('GET', `/api/supportPlus/hub/${hub.hubId}`)).json as HubCard).presence?.connected ===
      true,
    'the simulated hub to connect',
  );
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

describe('restarting a hub from its live monitor', () => {
  it('asks first, then the request and the hub’s reply arrive in the stream, and a note is left', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('E-mail').fill(support.email);
    await page.getByLabel('Password', { exact: true }).fill(support.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');

    await page.getByLabel('Hub id').fill(String(hub.hubId));
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: new RegExp(`^Hub ${hub.hubId}`) }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    const stream = page.getByRole('log', { name: 'Stream' });

    // Only reset requests and responses, so the hub's presence chatter cannot hide the pair.
    await page.getByRole('combobox', { name: 'Classes' }).click();
    await page.getByRole('option', { name: 'system', exact: true }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restart link ${hub.hubId}?` });
    await dialog.waitFor();
    // Cancel sends nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    expect(await stream.getByText(/request system\.reset/).count()).toBe(0);

    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await stream.getByText('request system.reset · admin').waitFor({ timeout: 20_000 });
    await stream.getByText('response system.reset · admin').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'The operation failed.' }).count()).toBe(0);

    // The reply's raw JSON carries the restart type and the success the hub answered.
    await stream.getByText('response system.reset · admin').click();
    const raw = stream.getByLabel('Raw JSON');
    await expect.poll(() => raw.textContent()).toContain('"direction": "response"');

    const mongo = new MongoClient(mongoUrl);
    await mongo.connect();
    try {
      const note = await mongo
        .db()
        .collection('supportnotes')
        .findOne({ customerId: hub.rootGroupId }, { sort: { updatedDate: -1 } });
      expect(note?.notes).toMatch(
        new RegExp(`^${support.name} \\(${support.email}\\) ran .+ on link ${hub.hubId}`),
      );
    } finally {
      await mongo.close();
    }
    await page.close();
  });
});
