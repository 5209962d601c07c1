/**
 * Seed 001 rows of Support Plus (issue 32) in Debian's Chromium over the real auth, search and
 * gateway on a world with histories (seed 11, 80 customers) in databases of this file's own: the
 * Logs viewer opening on group homeKit, the Devices tab's order and its icons (a fallback until the
 * icon list loads 3 s after start, and for codes it does not hold), a device's previous installs
 * ('No previous installs', 'Previously connected to a different Link'), the overview side bar's
 * Notes and View History, Debug on a local host, and the page's refusal of a malformed answer ('No
 * paginatedData?', 'Unexpected data payload' — the only place a route is intercepted: the real
 * server never sends such an answer, so the browser is handed one to show what it does with it).
 */
import { COLLECTIONS, type StructureDetail } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let api: Client;
const support = { email: '', password: 'seed-rows-plus-1', name: 'Sid Rows' };
let rootGroupId = '';
let detail: StructureDetail;

type LogDoc = { rootGroupId: string; item: { payload: { group: string } } };

beforeAll(async () => {
  stack = await startWorldStack('e2esprows', 11, 80, { histories: true });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  api = await signInApi(stack, support.email, support.password);
  // A structure with homeKit logs and other groups beside them.
  const logs = await stack.mongo.db.collection<LogDoc>(COLLECTIONS.logs).find({}).toArray();
  const groups = new Map<string, Set<string>>();
  for (const l of logs)
    groups.set(l.rootGroupId, (groups.get(l.rootGroupId) ?? new Set()).add(l.item.payload.group));
  const chosen = [...groups].find(([, g]) => g.has('homeKit') && g.size > 1);
  if (!chosen) throw new Error('this world has no structure with homeKit logs beside others');
  rootGroupId = chosen[0];
  detail = (await api.call('GET', `/api/supportPlus/structure/${rootGroupId}`)).json as StructureDetail;
}, 300_000);

const openStructure = async (tab: string): Promise<Page> => {
  const page = await signedInPage(browser(), stack, support);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
  await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}?tab=${tab}`);
  return page;
};

const logRows = (page: Page) => page.getByRole('table', { name: 'Logs', exact: true }).locator('tbody tr');

describe('the structure page', () => {
  it('opens the Logs viewer on group homeKit; the chip off shows every group', async () => {
    const page = await openStructure('logs');
    const groupChips = page.getByRole('group', { name: 'Group filter' });
    await logRows(page).first().waitFor();
    expect(await groupChips.getByRole('checkbox', { name: /^homeKit \(\d+\)$/ }).isChecked()).toBe(true);
    const groupsShown = async () => new Set(await logRows(page).locator('td:nth-child(2)').allTextContents());
    expect([...(await groupsShown())]).toEqual(['homeKit']);
    await groupChips.getByText(/^homeKit \(\d+\)$/).click();
    await expect.poll(async () => (await groupsShown()).size).toBeGreaterThan(1);
    await page.close();
  }, 60_000);

  it('orders each category of the Devices tab and shows icons by product code, a fallback until the list loads', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/structure/${rootGroupId}?tab=devices`);
    const cards = page.getByRole('article', { name: /^Device / });
    await cards.first().waitFor();
    const fallback = page.getByRole('img', { name: 'Fallback device icon' });
    const known = page.getByRole('img', { name: /^[A-Z0-9]+ icon$/ });
    // The list is asked 3 s after start: cards shown before then all have the fallback icon.
    const shownAt = (await page.evaluate('performance.now()')) as number;
    if (shownAt < 2500) {
      expect(await known.count()).toBe(0);
      expect(await fallback.count()).toBe(await cards.count());
    }
    await known.first().waitFor({ timeout: 15_000 });
    expect((await page.evaluate('performance.now()')) as number).toBeGreaterThanOrEqual(3000);
    const codes = detail.devices.flatMap((c) => c.devices).map((d) => d.virtualProductCode ?? d.productCode);
    // Every known code has its icon; only codes the list does not hold keep the fallback.
    const unknown = codes.filter(
      (c) =>
        ![
          'L2',
          'L21',
          'L22',
          'L41',
          'L42',
          'L81',
          'L91',
          'LW934',
          'LW921',
          'LW380',
          'LW600',
          'VSW1',
          'JSJSLW210',
          'JSJSLW260',
          'JSJSLW922',
        ].includes(c),
    );
    expect(await fallback.count()).toBe(unknown.length);

    // Order by name within each category.
    const names = async (section: string) =>
      page
        .getByRole('region', { name: section })
        .getByRole('article', { name: /^Device / })
        .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').slice('Device '.length)));
    const category = detail.devices.find((c) => c.devices.length > 1) ?? detail.devices[0];
    if (!category) throw new Error('the structure has no devices');
    const { DEVICE_CATEGORY_LABELS } = await import('@console/contracts');
    const label = DEVICE_CATEGORY_LABELS[category.category];
    await page.getByRole('combobox', { name: 'Order devices by' }).click();
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    const byName = [...category.devices.map((d) => d.name)].sort((a, b) =>
      a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }),
    );
    await expect.poll(() => names(label)).toEqual(byName.slice(0, (await names(label)).length));
    await page.getByRole('combobox', { name: 'Order devices by' }).click();
    await page.getByRole('option', { name: 'Device number' }).click();
    const byNumber = [...category.devices]
      .sort((a, b) => Number(a.deviceId.split('-')[1]) - Number(b.deviceId.split('-')[1]))
      .map((d) => d.name);
    await expect.poll(() => names(label)).toEqual(byNumber.slice(0, (await names(label)).length));
    await page.close();
  }, 60_000);

  it("lists a device's previous installs: none, then one on a different link", async () => {
    const device = detail.devices.flatMap((c) => c.devices).find((d) => d.serial);
    if (!device?.serial) throw new Error('no device with a serial');
    const page = await openStructure('devices');
    const card = page.getByRole('article', { name: `Device ${device.name}` }).first();
    await card.getByRole('button', { name: 'Previous installs' }).click();
    const box = page.getByRole('dialog', { name: `Previous installs of ${device.name}` });
    await box.getByText('No previous installs').waitFor();
    await page.keyboard.press('Escape');

    await stack.mongo.db.collection(COLLECTIONS.productArchives).insertOne({
      archive: {
        createdDate: new Date('2024-01-02'),
        deviceId: 'x-1-9',
        productCode: device.productCode,
        serial: device.serial,
        name: 'Earlier install',
      },
      rootGroupId: 'elsewhere-1',
      linkId: device.linkId + 1,
      createdDate: new Date('2024-03-04'),
      reason: 'unpaired',
    });
    await page.reload();
    await card.getByRole('button', { name: 'Previous installs' }).click();
    await box.getByText('Previously connected to a different Link').waitFor();
    await box.getByRole('table', { name: 'Previous installs' }).getByText('Earlier install').waitFor();
    await page.close();
  }, 60_000);

  it("refuses a page answer without rows ('No paginatedData?') and a data monitor answer that is not a list ('Unexpected data payload')", async () => {
    const page = await openStructure('devices');
    await page.route('**/api/supportPlus/logs', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ more: false }) }),
    );
    await page.route('**/api/supportPlus/datamonitor/feature', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ value: 1 }) }),
    );
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByText('No paginatedData?').waitFor();
    expect(await logRows(page).count()).toBe(0);

    await page.getByRole('tab', { name: 'Devices' }).click();
    await page
      .getByRole('button', { name: /^Features \([1-9]\d*\)$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Features of / });
    await dialog.getByRole('button', { name: 'History' }).first().click();
    await page.getByText('Unexpected data payload').waitFor();
    expect(await page.getByRole('table', { name: 'Feature history' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});

describe('the agent tabs', () => {
  it("shows the red 'Google structure error!!!' band only when several Google records name the structure", async () => {
    const agents = stack.mongo.db.collection(COLLECTIONS.agents);
    await agents.deleteMany({ type: 'google', rootGroups: rootGroupId });
    const record = (n: number) => ({
      type: 'google',
      userId: detail.users[0]?.userId ?? 'nobody',
      rootGroups: [rootGroupId],
      createdDate: new Date(Date.UTC(2025, 0, n)),
      linked: true,
      devices: [],
    });
    await agents.insertOne(record(1));
    const page = await openStructure('google');
    await page.getByRole('region', { name: 'Google details' }).waitFor();
    expect(await page.getByText('Google structure error!!!').count()).toBe(0);
    await agents.insertOne(record(2));
    await page.reload();
    const band = page.getByText('Google structure error!!!');
    await band.waitFor();
    // The band is the filled red alert.
    const colour = await band.evaluate(
      // A function, not a string (a string is an expression: it was never called). The tests
      // compile without the DOM's types, hence the shapes named here.
      (el) => {
        const win = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } };
        const node = el as unknown as { closest(selector: string): unknown };
        return win.getComputedStyle(node.closest('[role="alert"]') ?? el).backgroundColor;
      },
    );
    expect(colour).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    await page.close();
  }, 60_000);
});

describe('the overview', () => {
  it('shows the newest notes and the customers this staff member viewed in the side bar', async () => {
    // Viewing the structure records a view of its customer by this staff member.
    const page = await openStructure('errors');
    let mine: { customerId: string }[] = [];
    await expect
      .poll(async () => {
        mine = (await api.call('GET', '/api/support/viewHistory/mine')).json as { customerId: string }[];
        return mine.length;
      })
      .toBe(1);
    const owner = { userId: (mine[0] as { customerId: string }).customerId };
    const text = `Seed rows note ${Date.now()}`;
    expect(
      (await api.call('POST', '/api/support/saveSupportNotes', { customerId: owner.userId, notes: text }))
        .status,
    ).toBe(200);
    await page.goto(`${stack.url}/supportPlus`);
    const notes = page.getByRole('region', { name: 'Notes', exact: true });
    await notes.getByText(text).waitFor();
    await notes.getByRole('link', { name: owner.userId }).first().waitFor();
    const views = page.getByRole('region', { name: 'View History', exact: true });
    await views.getByRole('link', { name: owner.userId }).waitFor();
    await views.getByRole('link', { name: owner.userId }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('searchterm')).toBe(owner.userId);
    await page.close();

    // Another staff member has viewed no one.
    const admin = await signInAdmin(stack);
    const other = await createStaff(admin, 'support', 'Nora New');
    const otherApi = await signInApi(stack, other.email, other.password);
    expect((await otherApi.call('GET', '/api/support/viewHistory/mine')).json).toEqual([]);
    expect(
      ((await otherApi.call('GET', '/api/support/recentSupportNotes')).json as { notes: string }[])[0]?.notes,
    ).toBe(text);
  }, 60_000);

  it('turns Debug on for a local host (localhost), and not on 127.0.0.1 without ?debug=1', async () => {
    const local = { ...stack, url: stack.url.replace('127.0.0.1', 'localhost') };
    const page = await signedInPage(browser(), local, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    await page.goto(
      `${local.url}/supportPlus?searchterm=${encodeURIComponent(detail.users[0]?.email ?? '')}`,
    );
    const debug = page.getByRole('region', { name: 'Debug' });
    await expect.poll(() => debug.textContent()).toContain('POST /api/supportPlus/search');
    expect(await page.getByRole('checkbox', { name: 'Debug' }).isChecked()).toBe(true);
    await page.close();

    const remote = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(remote.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    await remote.goto(
      `${stack.url}/supportPlus?searchterm=${encodeURIComponent(detail.users[0]?.email ?? '')}`,
    );
    await remote.getByRole('region', { name: 'Structures found' }).waitFor();
    expect(await remote.getByRole('region', { name: 'Debug' }).count()).toBe(0);
    await remote.close();
  }, 60_000);
});
