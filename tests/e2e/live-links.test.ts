/**
 * The Support Plus overview's live links in Debian's Chromium: the real auth, search (the
 * overview's stored side, over an empty world), simulator, hub-control and gateway processes on
 * real NATS, Redis, Postgres and the Mongo-compatible server. The list comes from hub-control's
 * channel list (paged, 202 while it warms up), and Refresh Channels rebuilds it from Redis.
 */
import type { ChannelPage, SimStats } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
let hubIds: number[] = [];
const support = { email: '', password: 'support-live-links-1', name: 'Lena Links' };

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 4,
    seed: 7,
    services: ['auth', 'search', 'simulator', 'hub-control', 'gateway'],
    // Six customers' clients that stay as they are for the test (the first connects or leaves
    // after an hour on average).
    env: { PRESENCE_REFRESH_S: '2', SIM_CLIENTS: '6', SIM_CLIENT_STAY_S: '3600' },
  });
  hubIds = stack.fleet.map((h) => h.hubId);
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  // Through the gateway: 202 until hub-control has heard every hub re-announce, then all of them.
  let last: unknown;
  await stack.waitFor(
    async () => {
      const res = await admin.call('GET', '/api/supportPlus/socket/channel-list/0/500');
      last = res.json;
      return res.status === 200 && (res.json as ChannelPage).total === hubIds.length;
    },
    'the channel list to be complete',
    { timeoutMs: 30_000, intervalMs: 300, detail: () => `last answer: ${JSON.stringify(last)}` },
  );
}, 120_000);

describe('the overview’s live links', () => {
  it('lists every connected hub with a link to it, counts them, and refreshes the channels', async () => {
    const page = await signedInPage(browser(), stack, support);
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

  it('keeps Live Link+, “connected now”, the live list and the API equal while hubs disconnect and connect', async () => {
    const page = await signedInPage(browser(), stack, support);
    const overview = page.getByRole('region', { name: 'Overview' });
    const card = overview.getByRole('group', { name: 'Live Link+' });
    const api = await signInAdmin(stack);
    const apiTotal = async () =>
      ((await api.call('GET', '/api/supportPlus/socket/channel-list/0/500')).json as ChannelPage).total;
    /** The card's figure, its "connected now", the list's tab and the API all say `n`. */
    const allSay = async (n: number) => {
      await expect
        .poll(() => card.textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(`^Live Link\\+${n}of .* · ${n} connected now$`));
      await overview.getByRole('tab', { name: `Live (${n})` }).waitFor({ timeout: 10_000 });
      expect(await overview.getByRole('table', { name: 'Live links' }).locator('tbody tr').count()).toBe(n);
      await expect.poll(apiTotal, { timeout: 10_000 }).toBe(n);
    };
    await allSay(hubIds.length);

    const [first, second] = stack.fleet;
    if (!first || !second) throw new Error('the fleet has fewer than two hubs');
    await stack.simControl('offline', { hubId: first.hubId, offline: true });
    await allSay(hubIds.length - 1);
    await stack.simControl('offline', { hubId: second.hubId, offline: true });
    await allSay(hubIds.length - 2);
    await stack.simControl('offline', { hubId: first.hubId, offline: false });
    await stack.simControl('offline', { hubId: second.hubId, offline: false });
    await allSay(hubIds.length);
    await page.close();
  }, 150_000);

  it('counts the live users by platform as the simulator’s client sessions are connected', async () => {
    const stats = (await stack.simControl('stats', {})) as SimStats;
    expect(stats.clientsConnected).toBeGreaterThan(0);
    const page = await signedInPage(browser(), stack, support);
    const card = page.getByRole('region', { name: 'Overview' }).getByRole('group', { name: 'Live users' });
    await expect
      .poll(() => card.textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Live users${stats.clientsConnected}app \\d+ · web \\d+ · agent \\d+$`));
    await page.close();
  });
});
