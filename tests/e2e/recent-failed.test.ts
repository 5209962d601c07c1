/**
 * Recent Failed Commands in the Support Plus overview's side bar, in Debian's Chromium: the real
 * simulator, hub-control, auth and gateway. A support user's feature write that the hub refuses
 * and a system read of a hub too slow to answer must both be listed once Load is clicked, newest
 * first, and a successful command must not.
 */
import type { SimHub } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
const sam = { email: '', password: 'recent-failed-1', name: 'Sam Support' };

beforeAll(async () => {
  stack = await startHubStack({ hubs: 4, seed: 13, env: { HUB_TIMEOUT_MS: '1000' } });
  await enrolStaff(stack, await signInAdmin(stack), 'support', sam);
}, 120_000);

describe('Recent Failed Commands', () => {
  it('lists the commands that failed or timed out once Load is clicked', async () => {
    const api = await signInApi(stack, sam.email, sam.password);
    const [a, b, c] = stack.fleet as [SimHub, SimHub, SimHub];
    const device = a.devices.find((d) => d.features.some((f) => f.type === 'switch'));
    const featureId = device?.features.find((f) => f.type === 'switch')?.featureId;
    await stack.waitFor(
      async () =>
        (await api.call('POST', '/api/supportPlus/socket/system-read', { linkId: c.hubId })).status === 200,
      'hubs connected',
    );
    const refused = await api.call('POST', '/api/supportPlus/socket/feature-write', {
      featureId,
      value: 7,
      confirmation: 'ok',
    });
    expect((refused.json as { success: boolean }).success).toBe(false);
    await stack.simControl('slow', { hubId: b.hubId, delayMs: 3000 });
    expect((await api.call('POST', '/api/supportPlus/socket/system-read', { linkId: b.hubId })).status).toBe(
      504,
    );
    await stack.simControl('slow', { hubId: b.hubId, delayMs: 0 });
    await stack.waitFor(
      async () => (await stack.mongo.db.collection('transactions').countDocuments()) >= 3,
      'transactions written',
    );

    const page = await browser().newPage();
    await signInPage(page, stack, sam);
    await page.goto(`${stack.url}/supportPlus`);
    const panel = page.getByRole('region', { name: 'Recent Failed Commands' });
    await panel.getByText('Click Load').waitFor();
    await panel.getByRole('button', { name: 'Load' }).click();
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    expect(await items.nth(0).textContent()).toMatch(new RegExp(`timed out.*System Read link ${b.hubId}`));
    expect(await items.nth(1).textContent()).toMatch(
      new RegExp(`failed.*Feature Write .* = 7 link ${a.hubId}`),
    );
    expect(await items.nth(1).textContent()).toContain(sam.email);
    await items
      .nth(0)
      .getByRole('link', { name: `link ${b.hubId}` })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/supportPlus/hub/${b.hubId}`);
    await page.close();
  }, 90_000);
});
