/**
 * The user channel console's send half (/socket-users, issue 15 §3) in Debian's Chromium: the real
 * auth, simulator, hub-control and gateway over a generated world whose first hubs the simulator
 * runs (FLEET=world). A dev logs in as a customer (Login-As with a reason), authenticates the
 * channel, fills the lists from the customer's hierarchy, reads a feature of the customer's hub,
 * sends it twice more with Send Multiple, runs the Write Loop, and is refused a feature that is
 * not the customer's — the refusal said in the log, nothing sent.
 */
import { COLLECTIONS, type HubCard, RAW_TEXT } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import { firstSimulated, type SimulatedWorld } from '../support/simulated-hubs.ts';
import { userChannelAs } from '../support/user-channel.ts';
import { startWorldStack, type WorldStack, worldFleetEnv } from '../support/world-stack.ts';

const WORLD: SimulatedWorld = { seed: 21, customers: 30, hubs: 8 };
let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const dev = { email: '', password: 'socket-users-1', name: 'Dev Eloper' };

/** A simulated hub whose structure has a switch feature on one of its devices, and its owner. */
const target = () =>
  firstSimulated(WORLD, 'a switch feature', ({ hub, structure }) => {
    const devices = Object.values(structure?.devices ?? {}).filter((d) => d.linkId === hub.hubId);
    const feature = Object.values(structure?.features ?? {}).find(
      (f) => f.attributes.type === 'switch' && devices.some((d) => d.deviceId === f.deviceId),
    );
    const owner = structure?.userRootAccess[0]?.userId;
    return feature && owner && hub.rootGroupId ? { hub, feature, owner } : undefined;
  });

const logLine = (page: Page, text: string | RegExp) =>
  page.getByRole('log', { name: 'Socket log' }).getByText(text);

beforeAll(async () => {
  stack = await startWorldStack('e2esusers', WORLD.seed, WORLD.customers, {
    services: ['auth', 'simulator', 'hub-control', 'gateway'],
    env: worldFleetEnv(WORLD.seed, WORLD.customers, WORLD.hubs),
  });
  await enrolStaff(stack, await signInAdmin(stack), 'dev', dev);
  // The target hub answers only once the simulator has connected it.
  const api = await signInApi(stack, dev.email, dev.password);
  await stack.waitFor(
    async () =>
      ((await api.call('GET', `/api/supportPlus/hub/${target().hub.hubId}`)).json as HubCard).presence
        ?.connected === true,
    'the target hub to connect',
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}, 240_000);

describe('/socket-users send half', () => {
  it('speaks as the customer: hierarchy, a feature read of their hub, Send Multiple, Write Loop, and a refusal for another’s feature', async () => {
    const { feature, owner } = target();
    const customer = await stack.mongo.db
      .collection<{ userId: string; email: string }>(COLLECTIONS.authUsers)
      .findOne({ userId: owner });
    if (!customer) throw new Error(`no auth user ${owner}`);

    const page = await signedInPage(browser(), stack, dev);
    await userChannelAs(page, stack, customer.email, 'Checking the user channel end to end');
    // Test Auth asks the channel's server who it is; Test Auth2 checks the token over HTTP.
    await page.getByRole('button', { name: 'Test Auth', exact: true }).click();
    await logLine(page, /← server server\.authenticate response .* reply/).waitFor();
    await page.getByRole('button', { name: 'Test Auth2' }).click();
    await page
      .getByLabel('Channel status')
      .getByText(/^Test Auth2: the token is good until/)
      .waitFor();

    // Hierarchy fills the lists.
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await logLine(page, /← server user\.hierarchy response/).waitFor();
    await page.getByRole('combobox', { name: 'Feature', exact: true }).fill(feature.featureId);
    await page.getByRole('option', { name: `${feature.name} (${feature.featureId})` }).click();

    // A feature read goes to the customer's hub and comes back paired.
    await page.getByRole('button', { name: 'Feature Read', exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    expect(await box.inputValue()).toContain(feature.featureId);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await logLine(page, /← server feature\.read response .* reply/)
      .first()
      .waitFor({ timeout: 15_000 });

    // Send Multiple: two more, a second apart, each answered.
    await page.getByRole('textbox', { name: 'Count' }).fill('2');
    await page.getByRole('button', { name: 'Send Multiple' }).click();
    await expect
      .poll(() => logLine(page, /← server feature\.read response/).count(), { timeout: 15_000 })
      .toBe(3);

    // Write Loop (0/1): writes every 1.5 s until it is switched off.
    await page.getByLabel('Write Loop (0/1)').check();
    await expect
      .poll(() => logLine(page, /← server feature\.write response .* reply/).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    await page.getByLabel('Write Loop (0/1)').uncheck();
    const writes = await logLine(page, /→ server feature\.write request/).count();
    await page.waitForTimeout(2_000);
    expect(await logLine(page, /→ server feature\.write request/).count()).toBe(writes);

    // Someone else's feature: refused on the server, said in the log.
    const text = (await box.inputValue()).replace(feature.featureId, '999999-1-1+1');
    await box.fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await logLine(page, RAW_TEXT.notUsers).first().waitFor();
    await page.close();
  }, 120_000);
});
