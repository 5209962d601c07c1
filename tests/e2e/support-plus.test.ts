/**
 * The Support Plus screens in Debian's Chromium: the real auth, search and gateway processes on
 * real NATS, Postgres, Redis, the Mongo-compatible server and the captured mailbox, over a world
 * made by the world loader (seed 11, 200 customers) in a database and a Mongo database of this
 * file's own. Nothing is stood in. The generator is deterministic, so the structure the test opens
 * (one holding a bad-batch socket) is found in this world through Mongo and the API first.
 */
import {
  COLLECTIONS,
  DEVICE_CATEGORY_LABELS,
  type Gen2SearchResult,
  type Overview,
  type StructureDetail,
} from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin, signInApi } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const BAD_BATCH = 'Serial is from L42MK3 initial batch';
let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let api: Client;
let admin: Client;
const support = { email: '', password: 'support-plus-1', name: 'Pat Plus' };
/** The structure the test opens, and what the API says about it. */
let missingDeviceStructure = '';
let target: { rootGroupId: string; serial: string; email: string; detail: StructureDetail };

const signInAs = (email: string, password: string) => signInApi(stack, email, password);

beforeAll(async () => {
  stack = await startWorldStack('e2esplus', 11, 200, { index: 'always' });
  admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  api = await signInAs(support.email, support.password);

  // Sockets with a serial of the L42MK3 initial batch, and the structures holding them; prefer one
  // that also has a feature whose device is gone.
  const bad = await stack.mongo.db
    .collection<{ serial: string; rootGroupId: string; productCode: string }>('products')
    .find({ productCode: { $in: ['L42', 'L421', 'L422'] } })
    .toArray();
  const candidates = bad.filter((p) => /^BC2B2[5-9A-D][0-9A-F]{2}/i.test(p.serial) && p.rootGroupId);
  expect(candidates.length).toBeGreaterThan(0);
  let chosen: typeof target | null = null;
  for (const p of candidates.slice(0, 15)) {
    const res = await api.call('GET', `/api/supportPlus/structure/${p.rootGroupId}`);
    expect(res.status).toBe(200);
    const detail = res.json as StructureDetail;
    const owner = detail.users.find((u) => u.levels.includes('owner')) ?? detail.users[0];
    if (!owner) continue;
    const next = { rootGroupId: p.rootGroupId, serial: p.serial, email: owner.email, detail };
    if (!chosen) chosen = next;
    if (detail.features.some((f) => f.missingDevice)) {
      chosen = next;
      break;
    }
  }
  if (!chosen) throw new Error('no bad-batch structure with a user in this world');
  target = chosen;

  // A structure with a feature whose device is gone ('Missing Device!', 3 % of structures).
  const docs = await stack.mongo.db
    .collection<{
      rootGroupId: string;
      devices?: Record<string, unknown>;
      features?: Record<string, { deviceId: string }>;
    }>('structures')
    .find({}, { projection: { rootGroupId: 1, devices: 1, features: 1 } })
    .toArray();
  const broken = docs.find((d) => Object.values(d.features ?? {}).some((f) => !d.devices?.[f.deviceId]));
  if (!broken) throw new Error('this world has no structure with a missing device');
  missingDeviceStructure = broken.rootGroupId;
  const card = target.detail.devices.flatMap((c) => c.devices).find((d) => d.serial === target.serial);
  expect(card?.badBatchLabel).toBe(BAD_BATCH);
}, 240_000);

/** A new tab signed in as the support user, landed on Support Plus. */
async function signedIn(): Promise<Page> {
  const page = await signedInPage(browser(), stack, support);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
  return page;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search', exact: true });
const foundHeading = (n: number) => `Found ${n} ${n === 1 ? 'Structure' : 'Structures'}`;

describe('Support Plus', () => {
  it('shows the overview with stored and live counts, and keeps the hub form', async () => {
    const page = await signedIn();
    const overview = (await api.call('GET', '/api/supportPlus/overview')).json as Overview;
    expect(overview.counts.links).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: 'Overview' });
    await section.waitFor();
    await expect
      .poll(() => section.getByRole('group', { name: 'Links', exact: true }).textContent())
      .toContain(overview.counts.links.toLocaleString('en-GB'));
    await expect
      .poll(() => section.getByRole('group', { name: 'Structures', exact: true }).textContent())
      .toContain(overview.counts.structures.toLocaleString('en-GB'));
    for (const [label, value] of [
      ['Admins', overview.counts.admins],
      ['Web clients', overview.counts.webClients],
      ['App clients', overview.counts.appClients],
    ] as const)
      await expect
        .poll(() => section.getByRole('group', { name: label, exact: true }).textContent())
        .toContain(value.toLocaleString('en-GB'));
    // What the build counted is what the stores hold.
    const db = stack.mongo.db;
    expect(overview.counts).toMatchObject({
      admins: await db.collection(COLLECTIONS.authUsers).countDocuments({ roles: 'admin' }),
      webClients: await db.collection(COLLECTIONS.clientDevices).countDocuments({ platform: 'web' }),
      appClients: await db
        .collection(COLLECTIONS.clientDevices)
        .countDocuments({ platform: { $in: ['android', 'ios'] } }),
    });
    // Live Link+ fills in from the overview topic on /ws (no hub runs here, so 0 are connected).
    await expect
      .poll(() => section.getByRole('group', { name: 'Live Link+' }).textContent(), { timeout: 15_000 })
      .toMatch(/^Live Link\+0of/);
    // Error State is live / all; hub-control (the live list) does not run here, so the live part
    // is not known, and says so rather than 0.
    expect(overview.errorState.hubIds.length).toBe(overview.errorState.total);
    await expect
      .poll(() => section.getByRole('group', { name: 'Error State' }).textContent())
      .toBe(
        `Error State…/${overview.errorState.total.toLocaleString('en-GB')}live / all links in error state`,
      );
    await section.getByText('Live', { exact: true }).waitFor();
    await section.getByRole('tab', { name: `Locked (${overview.locked.total})` }).click();
    if (overview.locked.links[0]) {
      await section
        .getByRole('table', { name: 'Locked links' })
        .getByRole('link', { name: String(overview.locked.links[0].hubId) })
        .waitFor();
    }
    await page.getByRole('region', { name: 'Open a hub by id' }).getByLabel('Hub id').waitFor();
    expect(await page.getByText('not available yet').count()).toBe(0);
    await page.close();
  });

  it('marks the stored counts stale with their age, not live like the live figures (issue 30)', async () => {
    const page = await signedIn();
    const stamp = page
      .getByRole('region', { name: 'Overview' })
      .getByRole('group', { name: 'Stored counts' });
    // Just built: the counts' age, and no stale mark.
    await expect
      .poll(() => stamp.textContent(), { timeout: 15_000 })
      .toMatch(/^Counts as of .+, \d+ (s|min) ago$/);
    // The last full build 40 minutes ago, as on the night the issue was filed.
    const at = new Date(Date.now() - 40 * 60_000 - 5_000).toISOString();
    await stack.world.pool.query(
      "update search_g2_meta set value = jsonb_set(value, '{at}', to_jsonb($1::text)) where key = 'build'",
      [at],
    );
    await page.reload();
    await expect
      .poll(() => stamp.textContent(), { timeout: 15_000 })
      .toMatch(/, 40 min agoStale: 40 min old$/);
    await page.close();
  });

  it('finds a structure by e-mail and by serial, and opens it with its tabs, notes and view history', async () => {
    const page = await signedIn();
    const byEmail = (await api.call('POST', '/api/supportPlus/search', { text: target.email }))
      .json as Gen2SearchResult;
    expect(byEmail.structures.map((s) => s.rootGroupId)).toContain(target.rootGroupId);

    // By e-mail: the users table and 'Found N Structures'.
    await searchBox(page).fill(target.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: foundHeading(byEmail.totalStructures) }).waitFor();
    await page
      .getByRole('table', { name: 'Users', exact: true })
      .getByRole('cell', { name: target.email })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('searchterm')).toBe(target.email);
    await page
      .getByRole('group', { name: 'Recent searches' })
      .getByRole('button', { name: target.email, exact: true })
      .waitFor();

    // Too long to search or keep: refused with a clear message, nothing is sent.
    await searchBox(page).fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Too long: at most 1000 characters (this has 1001).').waitFor();
    expect(new URL(page.url()).searchParams.get('searchterm')).toBe(target.email);

    // By serial, with the product search on.
    const bySerial = (
      await api.call('POST', '/api/supportPlus/search', {
        text: target.serial,
        products: true,
        productFields: ['serial'],
      })
    ).json as Gen2SearchResult;
    expect(bySerial.structures.map((s) => s.rootGroupId)).toContain(target.rootGroupId);
    await page.getByLabel('Search products').check();
    await page.getByRole('combobox', { name: 'Product fields' }).click();
    await page.getByRole('option', { name: 'Serial', exact: true }).click();
    await page.keyboard.press('Escape');
    await searchBox(page).fill(target.serial);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('searchterm')).toBe(target.serial);
    expect(JSON.parse(new URL(page.url()).searchParams.get('fields') ?? '[]')).toEqual(['serial']);
    await page.locator('[aria-busy="false"]').getByRole('region', { name: 'Structures found' }).waitFor();
    await page.getByRole('heading', { name: foundHeading(bySerial.totalStructures) }).waitFor();
    const structures = page.getByRole('table', { name: 'Structures' });
    await structures.getByRole('cell', { name: target.rootGroupId }).waitFor();
    const row = structures.getByRole('row').filter({ hasText: target.rootGroupId });
    await row.getByRole('link').click();

    // The structure detail.
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/supportPlus/structure/${target.rootGroupId}`);
    const name = target.detail.structure.name || 'Unnamed structure';
    await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Users', exact: true }).getByText(target.email).first().waitFor();
    const hub = target.detail.hubs[0];
    if (hub) {
      const link = page.getByRole('link', { name: 'Live monitor' }).first();
      expect(await link.getAttribute('href')).toBe(`/supportPlus/hub/${hub.hubId}`);
    }

    // Devices by category in the tab's order, every category shown, then the bad-batch socket.
    await page.getByRole('tab', { name: 'Devices' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Devices' });
    await expect
      .poll(() => panel.getByRole('heading', { level: 2 }).allInnerTexts())
      .toEqual(
        target.detail.devices.map((c) => `${DEVICE_CATEGORY_LABELS[c.category]} (${c.devices.length})`),
      );
    await panel.getByLabel('Filter devices').fill(target.serial);
    const device = panel.getByRole('article').filter({ hasText: target.serial });
    await device.getByText(BAD_BATCH).waitFor();

    await page.getByRole('tab', { name: 'Groups' }).click();
    await page
      .getByRole('heading', { name: `Invisible groups (${target.detail.groups.invisible.length})` })
      .waitFor();

    await page.getByRole('tab', { name: 'Features' }).click();
    const missing = target.detail.features.filter((f) => f.missingDevice).length;
    if (missing > 0) await page.getByText('Missing Device!').first().waitFor();
    expect(await page.getByText('Missing Device!').count()).toBe(Math.min(missing, 30));

    await page.getByRole('tab', { name: 'Automations' }).click();
    if (target.detail.automations.length > 0) {
      await page
        .getByRole('article', { name: `Automation ${target.detail.automations[0]?.name}` })
        .first()
        .waitFor();
    } else {
      await page.getByText('No associated Automations').waitFor();
    }

    // Another colleague's note cannot be changed: the server's refusal is shown as it says it.
    const customer = target.detail.users.find((u) => u.email === target.email)?.userId as string;
    const theirs = 'Left a voicemail (admin)';
    expect(
      (await admin.call('POST', '/api/support/saveSupportNotes', { customerId: customer, notes: theirs }))
        .status,
    ).toBe(200);
    const notes = page.getByRole('list', { name: 'Support notes' });
    await page.reload();
    await notes
      .getByRole('listitem')
      .filter({ hasText: theirs })
      .getByRole('button', { name: 'Edit' })
      .click();
    const other = notes.getByRole('listitem').filter({ has: page.getByLabel('Change note') });
    await other.getByLabel('Change note').fill('changed by support');
    await other.getByRole('button', { name: 'Save note' }).click();
    await other.getByText('Unable to edit notes edited by other support').waitFor();
    await other.getByRole('button', { name: 'Cancel' }).click();

    // A note, then the view history that recorded this visit.
    const note = `Called the customer about socket ${target.serial}`;
    await page.getByLabel('New note').fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText(note).waitFor();
    // One's own note can be changed within the hour.
    await notes.getByRole('listitem').filter({ hasText: note }).getByRole('button', { name: 'Edit' }).click();
    const mine = notes.getByRole('listitem').filter({ has: page.getByLabel('Change note') });
    await mine.getByLabel('Change note').fill(`${note}, agreed a callback`);
    await mine.getByRole('button', { name: 'Save note' }).click();
    await notes.getByText(`${note}, agreed a callback`).waitFor();
    await page.getByRole('list', { name: 'Views' }).getByText(support.email).first().waitFor();
    await page.close();
  });

  it("shows 'Missing Device!' on a feature whose device is gone, and the structure's problems", async () => {
    const page = await signedIn();
    const detail = (await api.call('GET', `/api/supportPlus/structure/${missingDeviceStructure}`))
      .json as StructureDetail;
    const missing = detail.features.filter((f) => f.missingDevice);
    expect(missing.length).toBeGreaterThan(0);
    await page.goto(`${stack.url}/supportPlus/structure/${missingDeviceStructure}?tab=features`);
    const card = page.getByRole('article', { name: `Feature ${missing[0]?.name}` }).first();
    await card.getByText('Missing Device!').waitFor();
    expect(await page.getByText('Missing Device!').count()).toBe(Math.min(missing.length, 30));
    await page.getByRole('tab', { name: /^Errors/ }).click();
    const problems = page.getByRole('table', { name: 'Problems' });
    if (detail.problems[0]) await problems.getByText(detail.problems[0].message).first().waitFor();
    await page.close();
  });

  it('shows admins the raw request and response with Debug, and support no Debug at all', async () => {
    const page = await signedIn();
    await page.goto(`${stack.url}/supportPlus?searchterm=${encodeURIComponent(target.email)}&debug=1`);
    await page.getByRole('region', { name: 'Structures found' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Debug' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Debug' }).count()).toBe(0);
    await page.close();

    const adminPage = await signedInPage(browser(), stack, stack.admin, { oneTimeCode: true });
    await adminPage.getByText('Hello Ada Admin').waitFor();
    await adminPage.goto(`${stack.url}/supportPlus?searchterm=${encodeURIComponent(target.email)}`);
    await adminPage.getByRole('region', { name: 'Structures found' }).waitFor();
    await adminPage.getByRole('checkbox', { name: 'Debug' }).check();
    const debug = adminPage.getByRole('region', { name: 'Debug' });
    await expect.poll(() => debug.textContent()).toContain('POST /api/supportPlus/search');
    expect(await debug.textContent()).toContain(`"text": "${target.email}"`);
    expect(await debug.textContent()).toContain(`"rootGroupId": "${target.rootGroupId}"`);
    expect(new URL(adminPage.url()).searchParams.get('debug')).toBe('1');
    await adminPage.close();
  });

  it('runs the search in a ?searchterm= link, as the legacy /support page opens it', async () => {
    const page = await signedIn();
    const byEmail = (await api.call('POST', '/api/supportPlus/search', { text: target.email }))
      .json as Gen2SearchResult;
    await page.goto(`${stack.url}/supportPlus?searchterm=${encodeURIComponent(target.email)}`);
    await page.getByRole('heading', { name: foundHeading(byEmail.totalStructures) }).waitFor();
    expect(await searchBox(page).inputValue()).toBe(target.email);
    expect(await page.getByRole('region', { name: 'Overview' }).count()).toBe(0);
    await page.close();
  });
});
