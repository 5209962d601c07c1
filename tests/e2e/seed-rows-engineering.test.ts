/**
 * Seed 002 §2 Link2 simulator page's log controls (issue 32) in Debian's Chromium over the real
 * auth, simulator, hub-control and gateway (startHubStack): the count of messages received since the
 * page loaded, the Logging Incoming toggle (off: a request is counted, not logged), Clear list, and
 * Show raw / Hide raw for the received messages. The requests come from a second page, the admin
 * sockets console, through the gateway's raw channel, as an engineer sends them. Move Links offers
 * the deployments of the configuration (this one and OTHER_DEPLOYMENTS), no typed host, and moves a
 * simulated hub to the one chosen.
 */
import { subjects } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { type HubStack, STAGE_DEPLOYMENT_ENV, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
const dev = { email: '', password: 'dev-rows-1', name: 'Rowan Dev' };

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 1,
    seed: 22,
    // One other deployment an operator lists: Move Links offers it beside this one.
    env: { HUB_TIMEOUT_MS: '3000', ...STAGE_DEPLOYMENT_ENV },
  });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'dev', dev);
  await stack.hubsConnected(admin);
}, 120_000);

async function openAs(path: string): Promise<Page> {
  const page = await (await browser().newContext()).newPage();
  await signInPage(page, stack, dev);
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  await page.goto(`${stack.url}${path}`);
  return page;
}

const systemRead = (transactionId: number) =>
  JSON.stringify({
    version: '1.0',
    transactionId,
    senderId: 'admin.rowan',
    direction: 'request',
    class: 'system',
    operation: 'read',
    items: [{ itemId: 0, payload: {} }],
  });

describe('the Link2 page log controls', () => {
  it('counts every request, logs them only while Logging Incoming is on, clears the list and hides the raw JSON', async () => {
    const link2 = await openAs('/link2');
    await link2.getByRole('button', { name: 'Connect as Link2' }).click();
    await expect
      .poll(async () => (await link2.getByLabel('Link2 hub').textContent()) ?? '')
      .toMatch(/^Hub \d+/);
    const hubId = ((await link2.getByLabel('Link2 hub').textContent()) ?? '').match(
      /^Hub (\d+)/,
    )?.[1] as string;
    const admin = await openAs('/sockets-admin');
    await admin.getByText(`Authed as ${dev.name}`).waitFor();
    const send = async (tx: number) => {
      await admin.getByLabel('To', { exact: true }).fill(hubId);
      await admin.getByLabel('Message', { exact: true }).fill(systemRead(tx));
      await admin.getByRole('button', { name: 'Send', exact: true }).click();
    };
    const received = async () =>
      Number(((await link2.getByLabel('Received').textContent()) ?? '').match(/\d+/)?.[0]);
    const entry = (tx: number) =>
      link2
        .getByRole('log', { name: 'Socket log' })
        .getByLabel('Log entry')
        .filter({ hasText: `system.read request · transactionId ${tx}` });

    const before = await received();
    await send(8_000_001);
    await entry(8_000_001).waitFor();
    expect(await received()).toBe(before + 1);
    // Raw JSON opens on a click while shown; Hide raw hides it.
    await entry(8_000_001)
      .getByText(/system\.read request/)
      .click();
    await entry(8_000_001).getByLabel('Raw JSON').waitFor();
    await link2.getByRole('button', { name: 'Hide raw' }).click();
    await entry(8_000_001).getByLabel('Raw JSON').waitFor({ state: 'detached' });
    await link2.getByRole('button', { name: 'Show raw' }).click();

    // Logging Incoming off: counted, not logged.
    await link2.getByLabel('Logging Incoming').uncheck();
    await send(8_000_002);
    await expect.poll(received).toBe(before + 2);
    expect(await entry(8_000_002).count()).toBe(0);

    // Clear list empties the log; logging on again logs the next one.
    await link2.getByRole('button', { name: 'Clear list' }).click();
    await expect
      .poll(() => link2.getByRole('log', { name: 'Socket log' }).getByLabel('Log entry').count())
      .toBe(0);
    await link2.getByLabel('Logging Incoming').check();
    await send(8_000_003);
    await entry(8_000_003).waitFor();
    expect(await entry(8_000_001).count()).toBe(0);
    await link2.close();
    await admin.close();
  }, 90_000);
});

describe('Move Links', () => {
  it('offers the configured deployments only and moves a hub to the one chosen', async () => {
    const hubId = stack.fleet[0]?.hubId as number;
    const page = await openAs('/moveLinks');
    await page.getByText(`Authed as ${dev.name}`).waitFor();
    const panel = page.getByRole('group', { name: 'Move Links' });
    await panel.getByRole('combobox', { name: 'Destination server' }).click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['this console (localhost:4181)', 'stage (stage.example:4181)']);
    await page.getByRole('option', { name: 'stage (stage.example:4181)' }).click();
    await panel.getByLabel('Link ids').fill(String(hubId));
    type P = { connected: boolean; workerId: string };
    const presence = stack.watch(subjects(stack.prefix).hubPresence(hubId));
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await stack.waitFor(
      () => presence.some((m) => m.json<P>().connected && m.json<P>().workerId === 'stage.example:4181'),
      'the hub back through the stage deployment',
    );
    await page.close();
  }, 60_000);
});
