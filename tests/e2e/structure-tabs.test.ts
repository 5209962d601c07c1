/**
 * Every Support Plus structure tab in Debian's Chromium: the real auth, search and gateway
 * processes on real NATS, Postgres, Redis and the Mongo-compatible server, over a world with
 * histories (seed 11, 200 customers) in databases of this file's own. The world generator gives
 * one customer in 20 a first structure with data on every tab; the test finds one through Mongo
 * (its firmware queue item is the only 7.2 release), visits all 17 tabs and opens a details
 * dialog on every tab that has one. Nothing is stood in.
 */
import { COLLECTIONS, type SocketLogAnswer, type StructureDetail, type TabPage } from '@console/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let rootGroupId = '';
const support = { email: '', password: 'structure-tabs-1', name: 'Tab Tester' };

beforeAll(async () => {
  stack = await startWorldStack('e2etabs', 11, 200, { histories: true });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  const queued = await stack.mongo.db
    .collection<{ rootGroupId: string; releaseId: string }>('firmware-queue')
    .findOne({ releaseId: { $regex: '-7\\.2$' } });
  if (!queued) throw new Error('this world has no structure with data on every tab');
  rootGroupId = queued.rootGroupId;
  // The API agrees there is something to show before the browser looks.
  const api = await signInApi(stack, support.email, support.password);
  const trans = await api.call('POST', '/api/supportPlus/transactions', { rootGroupId });
  expect(trans.status).toBe(200);
  expect((trans.json as TabPage).rows.length).toBeGreaterThan(0);
}, 300_000);

const rowsOf = (page: Page, table: string) =>
  page.getByRole('table', { name: table, exact: true }).locator('tbody tr');

/** Opens a details dialog with `open`, checks its JSON and the open-depth control, closes it. */
/** The first button of a tab panel named like `name` (a row's details button). */
const firstButton = (panel: Locator, name: RegExp) => panel.getByRole('button', { name }).first();

async function dialog(page: Page, title: string | RegExp, open: () => Promise<void>) {
  await open();
  const box = page.getByRole('dialog', { name: title });
  await box.waitFor();
  const json = box.locator('pre, code').first();
  await expect.poll(() => json.textContent()).toMatch(/^[[{]/);
  await box.getByText('5', { exact: true }).click();
  await expect.poll(() => json.textContent()).not.toContain('{…');
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'hidden' });
}

// The Errors tab's name carries its problem count.
const tabName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+)?$`);

async function tab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name: tabName(name) }).click();
  return page.getByRole('tabpanel', { name: tabName(name) });
}

describe('the structure tabs', () => {
  it('shows all 17 tabs with their data and opens a details dialog on each that has one', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}?tab=devices`);

    await tab(page, 'Errors');
    const devices = await tab(page, 'Devices');
    await dialog(page, /^Device /, () => firstButton(devices, /^Device .* details$/).click());
    const groups = await tab(page, 'Groups');
    await dialog(page, /^Group /, () => firstButton(groups, /^Group .* details$/).click());

    await tab(page, 'Backups');
    await rowsOf(page, 'Backups').first().waitFor();
    await page.getByLabel('Show Hub Record').check();
    await page.getByLabel('Hub record', { exact: true }).waitFor();
    await dialog(page, 'Backup', () =>
      rowsOf(page, 'Backups').first().getByRole('button', { name: 'Details' }).click(),
    );

    const automations = await tab(page, 'Automations');
    const auto = automations.getByRole('button', { name: /^Automation .* details$/ });
    if ((await auto.count()) > 0) await dialog(page, /^Automation /, () => auto.first().click());
    const sets = automations.getByRole('button', { name: /^Automation group .* details$/ });
    if ((await sets.count()) > 0) await dialog(page, /^Automation group /, () => sets.first().click());
    const features = await tab(page, 'Features');
    await dialog(page, /^Feature /, () => firstButton(features, /^Feature .* details$/).click());

    for (const [name, label] of [
      ['Alexa', 'Alexa'],
      ['Google', 'Google'],
      ['Samsung', 'Smartthings'],
    ] as const) {
      const panel = await tab(page, name);
      const card = panel.getByRole('region', { name: `${label} details` });
      await dialog(page, `${label} agent`, () => card.getByRole('button', { name: 'Details' }).click());
    }

    await tab(page, 'Notifications');
    await rowsOf(page, 'Notifications for this structure').first().waitFor();

    await tab(page, 'Trans');
    const trans = rowsOf(page, 'Transactions');
    await trans.first().waitFor();
    const action = (await trans.first().locator('td').nth(2).textContent()) ?? '';
    const cls = action.split('.')[0] as string;
    await page.getByLabel('Search transactions').fill(cls);
    await expect
      .poll(async () =>
        (await trans.locator('td:nth-child(3)').allTextContents()).every((t) => t.includes(cls)),
      )
      .toBe(true);
    await dialog(page, 'Transaction', () => trans.first().click());

    await tab(page, 'Sync');
    await dialog(page, 'Sync update', () => rowsOf(page, 'Sync updates').first().click());

    await tab(page, 'Conns');
    await rowsOf(page, 'Connections').first().waitFor();
    // The generator leaves an hour between two connections of this structure: long offline.
    await page
      .getByText(/long offline/)
      .first()
      .waitFor();
    await dialog(page, 'Connection', () => rowsOf(page, 'Connections').first().click());

    await tab(page, 'Logs');
    await dialog(page, 'Log', () => rowsOf(page, 'Logs').first().click());

    await tab(page, 'FW Q');
    await dialog(page, 'Firmware queue item', () => rowsOf(page, 'Firmware queue').first().click());

    await tab(page, 'SA Reqs');
    const requests = rowsOf(page, 'Structure access requests');
    await requests.first().waitFor();
    // At least one open request: its row is orange.
    const styles = await Promise.all((await requests.all()).map((r) => r.getAttribute('style')));
    expect(styles.some((st) => st?.includes('orange'))).toBe(true);

    await tab(page, 'D-Status');
    await rowsOf(page, 'Device status').first().waitFor();
    await page.close();
  }, 180_000);

  it('loads the socket log panel for the structure’s links, as the API answers, and says when nothing matches', async () => {
    const api = await signInApi(stack, support.email, support.password);
    const detail = (await api.call('GET', `/api/supportPlus/structure/${rootGroupId}`))
      .json as StructureDetail;
    const linkIds = detail.hubs.map((h) => h.hubId);
    const answer = (await api.call('POST', '/api/supportPlus/socketlog-panel', { linkIds, limit: 20 }))
      .json as SocketLogAnswer;
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.every((r) => linkIds.includes(r.linkId))).toBe(true);
    const times = answer.rows.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
    // The links are read one at a time and merged: all of them at once is each one's rows together.
    const panelOf = async (ids: number[]) =>
      (
        (await api.call('POST', '/api/supportPlus/socketlog-panel', { linkIds: ids, limit: 500 }))
          .json as SocketLogAnswer
      ).rows
        .map((r) => r.id)
        .sort();
    const together = await panelOf(linkIds);
    expect(together.length).toBeLessThan(500);
    const apart: string[] = [];
    for (const id of linkIds) apart.push(...(await panelOf([id])));
    expect(together).toEqual(apart.sort());
    // Hub logs only, by level: every row says so.
    const errors = (await api.call('POST', '/api/supportPlus/socketlog-panel', { linkIds, level: 'error' }))
      .json as SocketLogAnswer;
    expect(errors.rows.every((r) => r.source === 'logs' && r.level === 'error')).toBe(true);
    // Bad input is a 400 that names it; nothing is read.
    const bad = await api.call('POST', '/api/supportPlus/socketlog-panel', { linkIds: ['x'], limit: 10_000 });
    expect(bad.status).toBe(400);

    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}`);
    const panel = page.getByRole('region', { name: 'Socket log panel' });
    expect(await panel.getByLabel('Link ids').inputValue()).toBe(linkIds.join(', '));
    await panel.getByLabel('Limit').fill('20');
    await panel.getByRole('button', { name: 'Load' }).click();
    const rows = panel.getByRole('table', { name: 'Socket log results' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(answer.rows.length);
    await dialog(page, 'Log record', () => rows.first().getByRole('button').click());

    await panel.getByLabel('Like').fill('no-such-text-anywhere-42');
    await panel.getByRole('button', { name: 'Load' }).click();
    await panel.getByText('No results found').waitFor();
    await panel.getByLabel('Link ids').fill('12, abc');
    await panel.getByRole('button', { name: 'Load' }).click();
    await panel.getByText('Link ids are numbers, separated by commas.').waitFor();
    await page.close();
  }, 120_000);

  it('gives each user of the structure a favourite star and their user and Shopify records, auth data only for its roles', async () => {
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}`);
    const users = page.getByRole('table', { name: 'Users of the structure' });
    const email =
      (await users.locator('tbody tr').first().locator('td').first().locator('p').first().textContent()) ??
      '';
    expect(email).toContain('@');
    await page.getByRole('button', { name: `Favourite ${email}`, exact: true }).click();
    await page.getByRole('button', { name: `Unfavourite ${email}`, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Unfavourite ${email}`, exact: true }).waitFor();

    await dialog(page, `User ${email}`, () =>
      page.getByRole('button', { name: `User data of ${email}` }).click(),
    );
    await dialog(page, `Shopify ${email}`, () =>
      page.getByRole('button', { name: `Shopify data of ${email}` }).click(),
    );
    // Auth data is for authData or dev: a support user is not offered it.
    expect(await page.getByRole('link', { name: 'Auth data' }).count()).toBe(0);
    await page.close();
  }, 90_000);

  it('loads the structure’s un-paired devices only when asked, as the archive holds them', async () => {
    // A structure with archived products (the world unpairs some devices).
    const archives = stack.mongo.db.collection<{ rootGroupId: string }>(COLLECTIONS.productArchives);
    const withArchive = (await archives.findOne({}))?.rootGroupId;
    if (!withArchive) throw new Error('this world archived no product');
    const archived = await archives.countDocuments({ rootGroupId: withArchive });
    expect(archived).toBeGreaterThan(0);
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${withArchive}?tab=devices`);
    const section = page.getByRole('region', { name: 'Un-Paired Devices' });
    expect(await section.getByRole('table').count()).toBe(0);
    await section.getByRole('button', { name: 'Un-Paired Devices' }).click();
    const rows = section.getByRole('table', { name: 'Un-paired devices' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(archived, 500));
    await dialog(page, 'Un-paired device', () => rows.first().getByRole('button').click());
    await page.close();
  }, 60_000);

  it('looks up what Alexa discovered for the structure’s user, and says so in the seed’s words when there is no account', async () => {
    const agent = await stack.mongo.db
      .collection<{ userId: string; devices: unknown[] }>(COLLECTIONS.agents)
      .findOne({ rootGroups: rootGroupId, type: 'alexa' });
    if (!agent) throw new Error('the structure with every tab has no Alexa record');
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}?tab=alexa`);
    const lookup = page.getByRole('region', { name: 'Alexa discovered devices' });
    expect(await lookup.getByLabel('LW user id').inputValue()).toBe(agent.userId);
    await lookup.getByRole('button', { name: 'Discovered devices' }).click();
    const rows = lookup.getByRole('table', { name: 'Alexa discovered devices' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(agent.devices.length);
    await lookup.getByLabel('LW user id').fill('no-such-user-1');
    await lookup.getByRole('button', { name: 'Discovered devices' }).click();
    await lookup.getByText('No Alexa account is connected to this LW User account.').waitFor();
    await page.close();
  }, 60_000);
});
