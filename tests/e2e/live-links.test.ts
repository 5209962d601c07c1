/**
 * The Support Plus overview's live links in Debian's Chromium: the real auth, search (the
 * overview's stored side, over an empty world), simulator, hub-control and gateway processes on
 * real NATS, Redis, Postgres and the Mongo-compatible server. The list comes from hub-control's
 * channel list (paged, 202 while it warms up), and Refresh Channels rebuilds it from Redis. Two
 * hubs are busy (the simulator's SIM_BUSY_HUBS), and the overview names them as the busiest now.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ChannelPage, type SimStats, subjects } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings in the overview's Busiest hubs panel. */
async function panelViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const panel = page.getByRole('region', { name: 'Busiest hubs now' });
  return panel.evaluate(async (element) => {
    type Found = { violations: { id: string; impact: string | null }[] };
    const axe = (globalThis as unknown as { axe: { run(on: unknown): Promise<Found> } }).axe;
    const { violations } = await axe.run(element);
    return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  });
}

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
    // Two of the four hubs busy (4 messages a second each), as the demo's are.
    env: {
      PRESENCE_REFRESH_S: '2',
      SIM_CLIENTS: '6',
      SIM_CLIENT_STAY_S: '3600',
      SIM_BUSY_HUBS: '2',
      SIM_BUSY_MESSAGES_PER_S: '4',
    },
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

  it('names the busy simulated hubs as the busiest now, each with its messages a second and a link to its live monitor', async () => {
    const stats = (await stack.simControl('stats', {})) as SimStats;
    const busy = (stats.busyHubs ?? []).map((b) => b.hubId);
    expect(busy.length).toBe(2);
    const [first] = busy;
    // What the first busy hub really sends (its own messages and the answers to the customers' clients).
    const heard = stack.watch(subjects(stack.prefix).hubMsgAll(first as number));
    // Its own context lets axe-core's script in past the console's CSP.
    const context = await browser().newContext({ bypassCSP: true, colorScheme: 'light' });
    const page = await signedInPage(context, stack, support);
    const table = page
      .getByRole('region', { name: 'Overview' })
      .getByRole('table', { name: 'Busiest hubs now' });
    /** The table's rows as [hub, messages a second]. */
    const rows = async () =>
      (
        await table
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
          )
      ).map(([hub, rate]) => ({ hub: Number(hub), rate: Number(rate) }));
    // The busy hubs first, each at several messages a second (the quiet ones send one every 20-60 s).
    await expect
      .poll(
        async () => {
          const top = (await rows()).slice(0, 2);
          return top.length === 2 && top.every((r) => r.rate >= 3) ? top.map((r) => r.hub).sort() : top;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([...busy].sort());
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Hub', 'Messages / s']);
    // No serious accessibility problem in the panel, in the light scheme or the dark one.
    expect(await panelViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.locator('html').getAttribute('data-mantine-color-scheme'), { timeout: 10_000 })
      .toBe('dark');
    expect(await panelViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    // Over the panel's 10 s window, its rate is what the hub sent.
    const from = heard.length;
    await new Promise((r) => setTimeout(r, 10_000));
    const sent = (heard.length - from) / 10;
    const shown = (await rows()).find((r) => r.hub === first)?.rate ?? 0;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(Math.abs(shown - sent)).toBeLessThanOrEqual(1.5);
    await table.getByRole('link', { name: String(first), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/supportPlus/hub/${first}`);
    await context.close();
  }, 90_000);
});
