/**
 * Survey Links in Debian's Chromium over 200 simulated hubs: the real simulator, hub-control, auth
 * and gateway processes on real NATS, Redis and the Mongo-compatible server. A data user pastes the
 * ids (mixed separators, repeats), sends, and sees the three tables; the exported CSVs must hold
 * the same rows as the tables, cell for cell where the rows are drawn. Three hubs are taken
 * offline and one made too slow to answer, so Offline / Error has rows and reasons.
 */
import { readFileSync } from 'node:fs';
import { type ChannelPage, compareFirmware, type SimHub, SURVEY_LINKS } from '@console/contracts';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertConsoleBuilt, launchChromium, signInPage } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin, signInApi, staffClient } from '../support/people.ts';

let stack: HubStack;
let browser: Browser;
const dana = { email: '', password: 'survey-links-1', name: 'Dana Data' };
let offline: SimHub[];
let slow: SimHub;

beforeAll(async () => {
  assertConsoleBuilt();
  stack = await startHubStack({ hubs: 200, seed: 11, env: { SURVEY_HUB_TIMEOUT_MS: '1500' } });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'datauser', dana);
  const live = async () => {
    const r = await admin.call('GET', '/api/supportPlus/socket/channel-list');
    return r.status === 200 ? (r.json as ChannelPage).total : -1;
  };
  await stack.waitFor(async () => (await live()) === 200, 'all 200 hubs connected', { timeoutMs: 60_000 });
  offline = [stack.fleet[5], stack.fleet[77], stack.fleet[150]] as SimHub[];
  slow = stack.fleet[42] as SimHub;
  for (const h of offline) await stack.simControl('offline', { hubId: h.hubId, offline: true });
  await stack.simControl('slow', { hubId: slow.hubId, delayMs: 5000 });
  await stack.waitFor(async () => (await live()) === 197, 'three hubs offline', { timeoutMs: 30_000 });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** RFC 4180 CSV (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      endCell();
    } else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') {
      cell += c;
    }
  }
  return rows;
}

const newer = (h: SimHub) => compareFirmware(h.firmwareVersion, SURVEY_LINKS.splitFirmware) >= 0;
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The row count a table's title shows: "Online (12)". */
async function titleCount(page: Page, title: string): Promise<number> {
  const heading = page.getByRole('heading', { name: new RegExp(`^${literal(title)} \\(\\d+\\)$`) });
  return Number(/\((\d+)\)$/.exec((await heading.textContent()) ?? '')?.[1] ?? -1);
}

describe('/surveyLinks', () => {
  it('fills the three tables over 200 hubs and exports three CSVs that match them', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInPage(page, stack, dana);
    await page.goto(`${stack.url}/surveyLinks`);
    const ids = stack.fleet.map((h) => String(h.hubId));
    // Commas, spaces and new lines, blanks and repeats: 200 distinct ids.
    const typed = ids
      .map((id, i) => (i % 3 === 0 ? `${id},` : i % 3 === 1 ? `${id}\n` : ` ${id}  `))
      .join('');
    await page.getByLabel('Link ids').fill(`${typed}\n\n${ids.slice(0, 20).join(', ')}`);
    await expect.poll(() => page.getByText(/^200 link ids/).count()).toBe(1);
    await page.getByRole('button', { name: 'Send' }).click();

    const gone = new Set([...offline, slow].map((h) => h.hubId));
    const answering = stack.fleet.filter((h) => !gone.has(h.hubId));
    const expected = {
      Online: answering.filter((h) => !newer(h)).map((h) => h.hubId),
      'Online - 3.38': answering.filter(newer).map((h) => h.hubId),
      'Offline / Error': stack.fleet.filter((h) => gone.has(h.hubId)).map((h) => h.hubId),
    };
    await expect
      .poll(() => titleCount(page, 'Offline / Error'), { timeout: 30_000 })
      .toBe(expected['Offline / Error'].length);
    expect(await titleCount(page, 'Online - 3.38')).toBe(expected['Online - 3.38'].length);
    expect(await titleCount(page, 'Online')).toBe(expected.Online.length);
    expect(expected.Online.length).toBeGreaterThan(0);
    expect(expected['Online - 3.38'].length).toBeGreaterThan(0);

    const errors = page.getByRole('table', { name: 'Offline / Error', exact: true });
    await expect.poll(() => errors.getByText(/not connected, a survey cannot be performed/).count()).toBe(3);
    await expect.poll(() => errors.getByText(/^No reply in 1500 ms/).count()).toBe(1);

    // Export CSVs: three files, each the rows of its table.
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByRole('button', { name: 'Export CSVs' }).click();
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(3);
    const files = new Map<string, string[][]>();
    for (const d of downloads)
      files.set(d.suggestedFilename(), parseCsv(readFileSync((await d.path()) as string, 'utf8')));
    const file = (prefix: string) => {
      const name = [...files.keys()].find((n) => new RegExp(`^${prefix}-\\d{4}-`).test(n));
      expect(name, prefix).toBeDefined();
      return files.get(name as string) as string[][];
    };
    const byTable = {
      Online: file('survey-online'),
      'Online - 3.38': file('survey-online-3\\.38'),
      'Offline / Error': file('survey-offline-error'),
    };
    for (const [title, rows] of Object.entries(byTable)) {
      const want = expected[title as keyof typeof expected];
      const table = page.getByRole('table', { name: title, exact: true });
      const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
      // The CSV has the table's columns (the Backup button column aside) and its rows.
      expect(rows[0]).toEqual(headers.filter((h) => h !== 'Backup'));
      expect(
        rows
          .slice(1)
          .map((r) => Number(r[0]))
          .sort((a, b) => a - b),
      ).toEqual([...want].sort((a, b) => a - b));
      // Every row the table draws reads as its CSV line.
      const drawn = table.locator('tbody tr:not([aria-hidden])');
      const n = await drawn.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const cells = (await drawn.nth(i).locator('td').allTextContents()).map((t) => t.trim());
        const line = rows.find((r) => r[0] === cells[0]);
        expect(line, `${title} row ${cells[0]}`).toEqual(cells.slice(0, line?.length));
      }
    }
    await context.close();
  }, 120_000);

  it('shows an id’s group access and backs a row up, leaving the transaction and note', async () => {
    const page = await browser.newPage();
    await signInPage(page, stack, dana);
    await page.goto(`${stack.url}/surveyLinks`);
    const hub = stack.fleet.find((h) => !offline.includes(h) && h !== slow && !newer(h)) as SimHub;
    await page.getByLabel('Link ids').fill(String(hub.hubId));
    await page.getByRole('button', { name: 'Send' }).click();
    const table = page.getByRole('table', { name: 'Online', exact: true });
    await table.getByRole('button', { name: String(hub.hubId), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Group access of link ${hub.hubId}` });
    await dialog.getByRole('link', { name: hub.rootGroupId }).waitFor();
    await page.keyboard.press('Escape');

    await table.getByRole('button', { name: `Backup ${hub.hubId}` }).click();
    await page.getByText(`Backup of link ${hub.hubId} made.`).waitFor({ timeout: 15_000 });
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('survey');
    const tx = stack.mongo.db.collection('transactions');
    await stack.waitFor(
      async () => (await tx.countDocuments({ hubId: hub.hubId, action: 'Backup' })) === 1,
      'transaction',
    );
    expect(await tx.findOne({ hubId: hub.hubId, action: 'Backup' })).toMatchObject({
      state: 'replied',
      staff: { email: dana.email, name: 'Dana Data' },
    });
    const note = await stack.mongo.db.collection('supportnotes').findOne({ customerId: hub.rootGroupId });
    expect(note?.notes).toMatch(new RegExp(`^Dana Data \\(.+\\) ran Backup on link ${hub.hubId}: success$`));
    await page.close();
  }, 60_000);

  it('refuses hostile input through the gateway and other roles with 403', async () => {
    const data = await signInApi(stack, dana.email, dana.password);
    const survey = (body: unknown) => data.call('POST', '/api/supportPlus/socket/survey-links', body);
    expect((await survey({ linkIds: [] })).status).toBe(400);
    const many = await survey({ linkIds: Array.from({ length: 501 }, (_, i) => String(i + 1)) });
    expect(many.status).toBe(400);
    expect((many.json as { message: string }).message).toContain('500');
    expect((await survey({ linkIds: ['12;DROP'] })).status).toBe(400);
    expect((await survey({ linkIds: 'x'.repeat(100) })).status).toBe(400);
    const support = await staffClient(stack, await signInAdmin(stack), 'support,dev', 'Sam Support');
    const refused = await support.call('POST', '/api/supportPlus/socket/survey-links', { linkIds: ['1'] });
    expect(refused.status).toBe(403);
    const backup = await support.call('POST', '/api/supportPlus/socket/survey-links/backup', { linkId: 1 });
    expect(backup.status).toBe(403);
  });
});
