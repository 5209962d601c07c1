/**
 * Restarting a hub from its live monitor in Debian's Chromium: the real auth, gateway,
 * hub-control and simulator processes on real NATS with JetStream, Postgres, Redis, the
 * Mongo-compatible server and the captured mailbox. Nothing is stood in: the restart goes
 * browser → gateway → hub-control → NATS → simulated hub, and its request and reply come back
 * to the browser through the gateway's /ws fan-out.
 */
import type { SimHub } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolOnFirstHub, type HubStack, startHubStack } from '../support/hub-stack.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
let hub: SimHub;
const support = { email: '', password: 'support-restart-1', name: 'Rita Restart' };

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 3,
    seed: 5,
    env: { SIM_RESTART_MS: '1500', HUB_TIMEOUT_MS: '5000' },
  });
  ({ hub } = await enrolOnFirstHub(stack, 'support', support));
}, 120_000);

describe('restarting a hub from its live monitor', () => {
  it('asks first, then the request and the hub’s reply arrive in the stream, and a note is left', async () => {
    const page = await signedInPage(browser(), stack, support);
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

    // hub-control's audit writer puts the note in Mongo just after the reply.
    const latestNote = () =>
      stack.mongo.db
        .collection('supportnotes')
        .findOne({ customerId: hub.rootGroupId }, { sort: { updatedDate: -1 } });
    await stack.waitFor(
      async () => (await latestNote())?.notes?.includes(`on link ${hub.hubId}`) === true,
      'note',
      {
        timeoutMs: 15_000,
      },
    );
    const note = await latestNote();
    expect(note?.notes).toMatch(
      new RegExp(`^${support.name} \\(${support.email}\\) ran .+ on link ${hub.hubId}`),
    );
    await page.close();
  });
});
