/**
 * Structure and user analytics in Debian's Chromium: the real auth, stats and gateway processes
 * over a world from the world loader (seed 5, 60 customers) in databases of this file's own.
 * A support user sees the top structures with data; a user without support or dev is refused by
 * the server (403 through the gateway) on every analytics call.
 */
import { ANALYTICS_DEFAULTS } from '@console/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertConsoleBuilt, launchChromium, signInPage } from '../support/browser.ts';
import { createStaff, signInAdmin, signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
let browser: Browser;

beforeAll(async () => {
  assertConsoleBuilt();
  stack = await startWorldStack({
    seed: 5,
    customers: 60,
    base: 'e2eanalytics',
    services: ['auth', 'stats', 'gateway'],
    env: { BACKFILL: 'off' },
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('/linkplus-structures', () => {
  it('lists the top 30 structures with links to Support Plus for a support user', async () => {
    const admin = await signInAdmin(stack);
    const support = await createStaff(admin, 'support', 'Sue Port');
    const api = await signInApi(stack, support.email, support.password);
    const answer = await api.call('GET', '/api/supportPlus/structures');
    expect(answer.status).toBe(200);
    const expected = (answer.json as { structures: { rootGroupId: string }[] }).structures;
    expect(expected.length).toBe(ANALYTICS_DEFAULTS.topStructures);

    const page = await browser.newPage();
    await signInPage(page, stack, support);
    await page.goto(`${stack.url}/linkplus-structures`);
    const table = page.getByRole('table', { name: 'Top structures' });
    await table.waitFor({ timeout: 15_000 });
    const first = expected[0]?.rootGroupId as string;
    const link = table.getByRole('link', { name: first, exact: true });
    expect(await link.getAttribute('href')).toBe(`/supportPlus?searchterm=${encodeURIComponent(first)}`);
    await page.close();
  });
});

describe('roles', () => {
  it('refuses every analytics call to a user without support or dev, on the server', async () => {
    const admin = await signInAdmin(stack);
    const stats = await createStaff(admin, 'stats', 'Stu Stats');
    const client = await signInApi(stack, stats.email, stats.password);
    for (const path of [
      '/api/supportPlus/product-structures-recent',
      '/api/supportPlus/structures',
      '/api/supportPlus/structures-recent',
      '/api/supportPlus/users',
      '/api/new-user-track/userTrackInfo',
    ])
      expect((await client.call('GET', path)).status, path).toBe(403);
  });
});
