/**
 * Seed 001 §4's queued notice (issue 32) in Debian's Chromium over the real auth, gateway,
 * hub-control and simulator (startHubStack): after a successful Sync Link on a connected simulated
 * hub the hub page says the request is queued and may take time, counts down, and reloads itself
 * 10 s later; 'Refresh now' reloads at once. A live-info read the worker answers with group 1, code
 * 503 (the simulator's liveInfo knob) clears the card's connection stats (seed 001 §4).
 */
import { HUB_ACTION_TEXT, type SimHub } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolOnFirstHub, type HubStack, startHubStack } from '../support/hub-stack.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
let hub: SimHub;
const support = { email: '', password: 'support-queued-1', name: 'Quinn Queued' };

beforeAll(async () => {
  stack = await startHubStack({ hubs: 2, seed: 6, env: { HUB_TIMEOUT_MS: '5000' } });
  ({ hub } = await enrolOnFirstHub(stack, 'support', support));
}, 120_000);

async function syncLink(page: Page) {
  await page.getByRole('button', { name: 'Sync Link', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Sync Link queued' });
  await notice.waitFor({ timeout: 20_000 });
  return notice;
}

describe('the queued notice after Sync Link', () => {
  it('counts down and reloads the page after 10 s, or at once on Refresh now', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    await page.getByRole('heading', { name: new RegExp(`^Hub ${hub.hubId}`) }).waitFor();

    const notice = await syncLink(page);
    const shownAt = Date.now();
    await notice.getByText(HUB_ACTION_TEXT.queued, { exact: false }).waitFor();
    expect(await notice.textContent()).toMatch(/\((9|10) s\)/);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.waitForTimeout(5000);
    expect(await notice.textContent()).toMatch(/\([3-5] s\)/);
    await reloaded;
    const after = Date.now() - shownAt;
    expect(after).toBeGreaterThanOrEqual(9000);
    expect(after).toBeLessThan(16_000);
    await page.getByRole('heading', { name: new RegExp(`^Hub ${hub.hubId}`) }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Sync Link queued' }).count()).toBe(0);

    const again = await syncLink(page);
    const clickedAt = Date.now();
    const now = page.waitForEvent('load', { timeout: 5000 });
    await again.getByRole('button', { name: 'Refresh now' }).click();
    await now;
    expect(Date.now() - clickedAt).toBeLessThan(5000);
    await page.close();
  }, 90_000);
});

describe('get-live-info answered with group 1, code 503', () => {
  it("clears the link's connection data on the hub card; a later answer brings it back", async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    const card = page.getByLabel(`Hub ${hub.hubId}`, { exact: true });
    const stats = card.getByText(/Connection stats:/);
    const refresh = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/socket/get-live-info'));
      await card.getByRole('button', { name: 'Refresh live info' }).click();
      expect((await answered).status()).toBe(200);
    };
    const measured = /Connection stats: [\d.]+ ms avg · \d+ samples · \d+–\d+ ms/;

    await refresh();
    await expect.poll(() => stats.textContent(), { timeout: 10_000 }).toMatch(measured);
    await stack.simControl('liveInfo', { hubId: hub.hubId, unavailable: true });
    await refresh();
    await expect.poll(() => stats.textContent(), { timeout: 10_000 }).toMatch(/Connection stats: —$/);
    await stack.simControl('liveInfo', { hubId: hub.hubId, unavailable: false });
    await refresh();
    await expect.poll(() => stats.textContent(), { timeout: 10_000 }).toMatch(measured);
    await page.close();
  }, 60_000);
});
