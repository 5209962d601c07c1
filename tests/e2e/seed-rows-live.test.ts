/**
 * Seed 001 rows that ask a live link (issue 32) in Debian's Chromium over the real auth, search,
 * simulator, hub-control and gateway on a small generated world whose first hubs the simulator runs
 * (FLEET=world): the D-Status tab's status check (getDeviceStatus, then on 'disconnected' the
 * device's diagnostics feature, 167772160 saying 'Un-pair was received, see diagnostics'), and the
 * Backups tab's link copies (the first 15 listed fetched with getBackup at once, the others on
 * 'Load', a row's details kept 10 minutes), and the user detail's connected state, from the client
 * presence announcements the connection workers send (published here as a worker would). The
 * device's status is set through the simulator's control plane, as its hub would report it.
 */
import {
  type ClientPresence,
  type SimControlOp,
  type StructureDetail,
  simSubjects,
  subjects,
  UNPAIRED_DIAGNOSTICS,
} from '@console/contracts';
import { natsAuth } from '@console/kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import { firstSimulated, type SimulatedWorld } from '../support/simulated-hubs.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack, worldFleetEnv } from '../support/world-stack.ts';

const world: SimulatedWorld = { seed: 7, customers: 40, hubs: 25 };
let stack: WorldStack;
let nc: NatsConnection;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'seed-rows-live-1', name: 'Liv Live' };
let api: Client;

// A simulated hub with a device that has a diagnostics feature.
const chosen = firstSimulated(
  world,
  'a device with a diagnostics feature',
  ({ hub, structure, products }) => {
    if (!hub.rootGroupId || !structure) return undefined;
    const features = Object.values(structure.features ?? {});
    const product = products.find((p) =>
      features.some((f) => f.deviceId === p.deviceId && f.attributes?.type === 'diagnostics'),
    );
    return product
      ? { hubId: hub.hubId, rootGroupId: hub.rootGroupId, deviceId: product.deviceId }
      : undefined;
  },
);

const simControl = async (op: SimControlOp, body: unknown) =>
  (await nc.request(simSubjects(stack.prefix).control(op), JSON.stringify(body), { timeout: 3000 })).json();

beforeAll(async () => {
  stack = await startWorldStack('e2elive', world.seed, world.customers, {
    services: ['auth', 'search', 'simulator', 'hub-control', 'gateway'],
    env: worldFleetEnv(world.seed, world.customers, world.hubs),
  });
  nc = await connect({
    servers: stack.infra.NATS_URL.split(','),
    name: `seed-rows-live-${stack.prefix}`,
    ...natsAuth(),
  });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  api = await signInApi(stack, support.email, support.password);
  await stack.waitFor(
    async () =>
      (
        (await api.call('GET', `/api/supportPlus/hub/${chosen.hubId}`)).json as {
          presence?: { connected?: boolean };
        }
      ).presence?.connected === true,
    `hub ${chosen.hubId} to connect`,
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}, 300_000);

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
});

const openTab = async (tab: string): Promise<Page> => {
  const page = await signedInPage(browser(), stack, support);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
  await page.goto(`${stack.url}/supportPlus/structure/${chosen.rootGroupId}?tab=${tab}`);
  return page;
};

describe('the D-Status tab', () => {
  it("asks the link for a device's status and, when disconnected, reads its diagnostics", async () => {
    const page = await openTab('dstatus');
    const now = page.getByRole('region', { name: 'Device status now' });
    await now.getByRole('combobox', { name: 'Device' }).click();
    await page
      .getByRole('option', { name: new RegExp(`\\(${chosen.deviceId.replace(/[+]/g, '\\+')}\\)$`) })
      .click();
    const shown = now.getByLabel('Status now');
    const getStatus = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/socket/getDeviceStatus'));
      await now.getByRole('button', { name: 'Get Status' }).click();
      expect((await answered).status()).toBe(200);
    };

    await simControl('device', {
      hubId: chosen.hubId,
      deviceId: chosen.deviceId,
      status: 'disconnected',
      diagnostics: UNPAIRED_DIAGNOSTICS,
    });
    const read = page.waitForResponse((r) => r.url().endsWith('/socket/feature-read'));
    await getStatus();
    expect((await read).status()).toBe(200);
    await shown.getByText('disconnected', { exact: true }).waitFor();
    await shown.getByText('Un-pair was received, see diagnostics').waitFor();

    await simControl('device', {
      hubId: chosen.hubId,
      deviceId: chosen.deviceId,
      status: 'disconnected',
      diagnostics: 5,
    });
    await getStatus();
    await shown.getByText('diagnostics 5').waitFor();
    expect(await shown.getByText('Un-pair was received, see diagnostics').count()).toBe(0);

    await simControl('device', { hubId: chosen.hubId, deviceId: chosen.deviceId, status: 'connected' });
    let reads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/socket/feature-read')) reads++;
    });
    await getStatus();
    await shown.getByText('connected', { exact: true }).waitFor();
    expect(await shown.getByText(/diagnostics/).count()).toBe(0);
    expect(reads).toBe(0);
    await page.close();
  }, 90_000);
});

describe('the Backups tab', () => {
  it("fetches the link's copy of the first 15 backups at once, the others on Load, and keeps a copy 10 minutes", async () => {
    for (let i = 0; i < 17; i++) {
      const made = await api.call('POST', '/api/supportPlus/socket/backup', { linkId: chosen.hubId });
      expect(made.status).toBe(200);
    }
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    await page.clock.install();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/socket/getBackup')) fetched.push(String(r.postDataJSON()?.backupId));
    });
    await page.goto(`${stack.url}/supportPlus/structure/${chosen.rootGroupId}?tab=backups`);
    const links = page.getByRole('radiogroup', { name: 'Links' });
    if (await links.getByText(new RegExp(`^${chosen.hubId} `)).count())
      await links.getByText(new RegExp(`^${chosen.hubId} `)).click();
    const rows = page.getByRole('table', { name: 'Backups', exact: true }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10);
    await expect.poll(() => rows.getByText('loaded', { exact: true }).count(), { timeout: 20_000 }).toBe(10);
    await page.getByRole('button', { name: 'Get More' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(17);
    await expect.poll(() => rows.getByText('loaded', { exact: true }).count(), { timeout: 20_000 }).toBe(15);
    expect(await rows.getByRole('button', { name: 'Load' }).count()).toBe(2);
    expect(fetched.length).toBe(15);
    expect(new Set(fetched).size).toBe(15);

    await rows.nth(15).getByRole('button', { name: 'Load' }).click();
    await expect.poll(() => rows.getByText('loaded', { exact: true }).count()).toBe(16);
    expect(fetched.length).toBe(16);

    // A row's details are the link's copy, already fetched: no second getBackup within 10 minutes.
    await rows.first().getByRole('button', { name: 'Details' }).click();
    const box = page.getByRole('dialog', { name: 'Backup' });
    await box.getByText("The link's copy (kept 10 minutes).").waitFor();
    const json = (await box.locator('pre, code').first().textContent()) ?? '';
    const backupId = /"backupId":\s*"([^"]+)"/.exec(json)?.[1];
    expect(fetched).toContain(backupId);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    expect(fetched.length).toBe(16);

    // Past 10 minutes the copy is fetched again.
    await page.clock.fastForward('10:05');
    await rows.first().getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => fetched.slice(16)).toContain(backupId);
    await box.getByText("The link's copy (kept 10 minutes).").waitFor();
    await page.close();
  }, 120_000);
});

describe('the user detail', () => {
  it("shows each user's connected state from the connection workers' presence", async () => {
    const detail = (await api.call('GET', `/api/supportPlus/structure/${chosen.rootGroupId}`))
      .json as StructureDetail;
    const user = detail.users[0];
    if (!user) throw new Error('the structure has no user');
    const say = async (clientId: string, platform: ClientPresence['platform'], connected: boolean) => {
      const p: ClientPresence = { clientId, userId: user.userId, platform, connected, at: Date.now() };
      nc.publish(subjects(stack.prefix).clientPresence(platform, clientId), JSON.stringify(p));
      await nc.flush();
    };
    const page = await openTab('devices');
    const row = page
      .getByRole('table', { name: 'Users of the structure' })
      .getByRole('row')
      .filter({ hasText: user.userId });
    await row.getByText('not connected', { exact: true }).waitFor({ timeout: 20_000 });

    await say(`e2e-app-${stack.prefix}`, 'app', true);
    await say(`e2e-web-${stack.prefix}`, 'web', true);
    // The page asks again every 20 s; a reload asks at once.
    await page.reload();
    await row.getByText(/^connected \((app, web|web, app)\)$/).waitFor({ timeout: 20_000 });
    await say(`e2e-web-${stack.prefix}`, 'web', false);
    await page.reload();
    await row.getByText('connected (app)', { exact: true }).waitFor({ timeout: 20_000 });
    await say(`e2e-app-${stack.prefix}`, 'app', false);
    await page.reload();
    await row.getByText('not connected', { exact: true }).waitFor({ timeout: 20_000 });
    await page.close();
  }, 90_000);
});
