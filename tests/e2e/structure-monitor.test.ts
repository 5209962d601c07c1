/**
 * Support Plus, the structure-wide monitor and the device dialog's feature write, in Debian's
 * Chromium: the real auth, search, simulator, hub-control and gateway processes over a generated
 * world (seed 9, 30 customers) whose first hubs the simulator runs (FLEET=world), so the structure
 * page and the hubs answering are the same. A feature written from the device dialog after the
 * typed 'ok' shows as request and response in the structure monitor, and its automatic note
 * appears in the notes side bar.
 */
import { COLLECTIONS } from '@console/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import { hubWithFeature, type SimulatedWorld } from '../support/simulated-hubs.ts';
import { startWorldStack, type WorldStack, worldFleetEnv } from '../support/world-stack.ts';

const WORLD: SimulatedWorld = { seed: 9, customers: 30, hubs: 8 };
let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'structure-monitor-1', name: 'Mona Monitor' };

const target = () => hubWithFeature(WORLD);

beforeAll(async () => {
  stack = await startWorldStack('e2esmon', WORLD.seed, WORLD.customers, {
    index: 'always',
    services: ['auth', 'search', 'simulator', 'hub-control', 'stats', 'gateway'],
    env: { ...worldFleetEnv(WORLD.seed, WORLD.customers, WORLD.hubs), SIM_PRESENCE_REFRESH_S: '1' },
  });
  await enrolStaff(stack, await signInAdmin(stack), 'support', support);
}, 240_000);

/** Types 'ok' in a feature write's confirmation and waits for the device dialog to say it was set. */
async function confirmOk(page: Page, dialog: Locator, name: string, value: string): Promise<void> {
  const confirm = page.getByRole('dialog', { name: `Write ${value} to ${name}` });
  await confirm.getByRole('textbox').fill('ok');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await dialog
    .getByRole('status')
    .filter({ hasText: `${name} set to ${value}.` })
    .waitFor({ timeout: 20_000 });
}

describe('the structure monitor', () => {
  it('shows a feature write sent from the device dialog, request and response, and the note it left', async () => {
    const { hub, feature } = target();
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${hub.rootGroupId}?tab=devices`);
    await page.getByRole('button', { name: /^Monitor all \d+ links?$/ }).click();
    const stream = page.getByRole('log', { name: 'Stream' });
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });

    const device = page.getByRole('article', { name: /^Device / }).filter({
      hasText: feature.deviceId,
    });
    await device.getByRole('button', { name: /^Features \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog');
    // The dialog names the groups the device's features are in, by kind.
    await dialog.getByLabel('Device groups').getByText('Feature sets:').waitFor();
    const row = dialog.getByRole('row').filter({ hasText: feature.featureId });
    await row.getByLabel(`Value for ${feature.name} (${feature.featureId})`).fill('1');
    await row.getByRole('button', { name: 'Send' }).click();
    const confirm = page.getByRole('dialog', { name: `Write 1 to ${feature.name}` });
    await confirm.waitFor();
    // The wrong words send nothing.
    await confirm.getByRole('textbox').fill('yes');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText(/./).first().waitFor();
    expect(await stream.getByText(/request feature\.write/).count()).toBe(0);
    await confirmOk(page, dialog, feature.name, '1');
    await page.keyboard.press('Escape');

    await stream
      .getByText(/^request feature\.write/)
      .first()
      .waitFor({ timeout: 20_000 });
    await stream
      .getByText(/^response feature\.write/)
      .first()
      .waitFor({ timeout: 20_000 });

    // The automatic note names the action and the link; the side bar shows it once written.
    const notes = page.getByRole('region', { name: 'Link actions' });
    await notes
      .getByText(`ran Feature Write ${feature.featureId} = 1 on link ${hub.hubId}: success`, { exact: false })
      .waitFor({ timeout: 30_000 });

    // The write and the hub's feature event are in the feature's history (the stats service
    // records them from the hub message stream).
    await device.getByRole('button', { name: /^Features \(\d+\)$/ }).click();
    await dialog
      .getByRole('row')
      .filter({ hasText: feature.featureId })
      .getByRole('button', { name: 'History' })
      .click();
    const history = dialog.getByRole('region', { name: `History of ${feature.name}` });
    // The history shows what was recorded when it opened; the stats service may record the write
    // a moment later, so ask again as a user would (Refresh) until it is there.
    await expect
      .poll(
        async () => {
          await history
            .getByRole('table', { name: 'Feature history' })
            .waitFor({ timeout: 2_000 })
            .catch(() => null);
          const rows = await history.getByRole('row').filter({ hasText: 'write' }).count();
          if (rows === 0) await history.getByRole('button', { name: 'Refresh' }).click();
          return rows;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // The structure's Timeline tab: the hub's timeline, the write among its actions, newest first,
    // opening to its command waterfall.
    await page.goto(`${stack.url}/supportPlus/structure/${hub.rootGroupId}?tab=timeline`);
    const hubPick = page.getByRole('combobox', { name: 'Hub', exact: true });
    if ((await hubPick.inputValue()) !== String(hub.hubId)) {
      await hubPick.click();
      await page.getByRole('option', { name: String(hub.hubId), exact: true }).click();
    }
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const write = timeline.locator('[data-source="action"]').filter({ hasText: 'feature.write' }).first();
    await write.waitFor({ timeout: 20_000 });
    expect(await write.textContent()).toMatch(/replied/);
    await write.getByRole('button', { expanded: false }).click();
    await write
      .getByLabel('Command waterfall')
      .getByRole('list', { name: 'Stages' })
      .waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('completes the hub card: added date, the error block with its sync update, and every feature’s state in one read', async () => {
    const { hub } = target();
    const syncUpdateId = `sync-e2e-${hub.hubId}`;
    await stack.mongo.db.collection(COLLECTIONS.syncUpdates).insertOne({
      rootGroupId: hub.rootGroupId,
      linkId: hub.hubId,
      createdDate: new Date('2026-11-20T10:00:00Z'),
      state: { type: 'sync', subType: 'errorState-is-set', caller: 'link2', errorCount: 3 },
      errorSyncUpdateId: syncUpdateId,
      data: [],
    });
    await stack.mongo.db
      .collection(COLLECTIONS.hubs)
      .updateOne({ hubId: hub.hubId }, { $set: { errorState: true, errorSyncUpdateId: syncUpdateId } });

    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    const card = page
      .getByRole('article', { name: `Hub ${hub.hubId}` })
      .or(page.getByLabel(`Hub ${hub.hubId}`));
    await card.getByText(/^Added \d/).waitFor({ timeout: 20_000 });
    const error = card.getByLabel('Error state');
    await error
      .getByText(`Sync update ${syncUpdateId} (sync errorState-is-set, by link2`, { exact: false })
      .waitFor();
    await error.getByText('left 3 error(s)', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Get all feature states' }).click();
    const states = card.getByRole('table', { name: 'Feature states' });
    await states.waitFor({ timeout: 20_000 });
    const features = Object.values(target().structure?.features ?? {}).filter((f) =>
      Object.values(target().structure?.devices ?? {}).some(
        (d) => d.deviceId === f.deviceId && d.linkId === hub.hubId,
      ),
    );
    expect(await states.locator('tbody tr').count()).toBe(Math.min(features.length, 100));
    await states.getByText(features[0]?.featureId as string, { exact: true }).waitFor();
    await page.close();
  }, 90_000);

  it('reads a device’s firmware releases, warns of restricted ones, keeps internal ones for the firmware role, and updates after Confirm Update', async () => {
    const { hub, product } = target();
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${hub.rootGroupId}?tab=devices`);
    const device = page.getByRole('article', { name: /^Device / }).filter({ hasText: product.deviceId });
    await device.getByRole('button', { name: 'Firmware' }).click();
    const dialog = page.getByRole('dialog', { name: /^Firmware of / });
    await dialog.getByRole('button', { name: 'Read firmware' }).click();
    const releases = dialog.getByRole('table', { name: 'Firmware releases' }).locator('tbody tr');
    await expect.poll(() => releases.count(), { timeout: 20_000 }).toBe(1);
    await dialog.getByLabel('Include restricted releases').check();
    await dialog.getByRole('button', { name: 'Read firmware' }).click();
    await expect.poll(() => releases.count(), { timeout: 20_000 }).toBe(3);
    expect(await dialog.getByText('This release is not intended for all users').count()).toBe(2);
    // Internal: not offered to a support user, and refused by hub-control if asked anyway.
    const internal = releases.filter({ hasText: 'internal' });
    await internal.getByText('Permission Denied').waitFor();
    expect(await internal.getByRole('button', { name: 'Update' }).count()).toBe(0);
    const api = await signInApi(stack, support.email, support.password);
    const refused = await api.call('POST', '/api/supportPlus/socket/firmware-update', {
      deviceId: product.deviceId,
      releaseId: `${product.productCode}-7.4-internal`,
      productCode: product.productCode,
    });
    expect(refused.status).toBe(403);

    await releases.filter({ hasText: '7.2' }).getByRole('button', { name: 'Update' }).click();
    await page.getByRole('button', { name: 'Confirm Update' }).click();
    await dialog
      .getByRole('status')
      .getByText(/^Updated from .* to 7\.2\.$/)
      .waitFor({ timeout: 20_000 });
    await page.close();
  }, 90_000);

  it('shows on the hub card what the record knows before any read, labels its reads, and writes a feature from the hub page (issue 30)', async () => {
    const { hub, feature } = target();
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    const card = page.getByLabel(`Hub ${hub.hubId}`);
    const facts = card.getByLabel('Firmware, config and lock');
    // Before any read: the stored record's values (the structure page's), not 'Firmware —'.
    await facts.getByText('as the hub record stores them', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await facts.textContent()).toMatch(
      new RegExp(
        `^Firmware ${hub.firmwareVersion.replaceAll('.', '\\.')} · config ${hub.configNumber} · ${hub.lock.locked ? 'locked' : 'unlocked'}`,
      ),
    );
    // The reads are buttons whose visible text names them.
    const systemRead = card.getByRole('button', { name: 'Read system info' });
    expect(await systemRead.textContent()).toContain('Read system info');
    await systemRead.click();
    await facts.getByText('read from the link', { exact: false }).waitFor({ timeout: 20_000 });

    // The feature write, on the hub page: the structure page's device dialog, one click away.
    const device = page
      .getByRole('region', { name: 'Devices on this link' })
      .getByRole('group', { name: `Device ${feature.deviceId}` });
    await device.getByRole('button', { name: /^Features \(\d+\)$/ }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog');
    const row = dialog.getByRole('row').filter({ hasText: feature.featureId });
    await row.getByLabel(`Value for ${feature.name} (${feature.featureId})`).fill('0');
    await row.getByRole('button', { name: 'Send' }).click();
    await confirmOk(page, dialog, feature.name, '0');
    await page.close();
  });
});
