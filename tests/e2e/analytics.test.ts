/**
 * Structure and user analytics in Debian's Chromium: the real auth, stats and gateway processes
 * over a world from the world loader (seed 5, 60 customers) in databases of this file's own.
 * A support user sees each screen with the data the API answers (CSV exports equal to it); a user
 * without support or dev is refused by the server (403 through the gateway) on every analytics call.
 */
import { readFileSync } from 'node:fs';
import {
  ANALYTICS_DEFAULTS,
  analyticsOperations,
  type ProductStructures,
  type RecentStructures,
  type RecentUsers,
  type UserTrack,
} from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import {
  createStaff,
  notRefused,
  type StaffUser,
  signInAdmin,
  signInApi,
  staffClient,
} from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let support: StaffUser;
let api: Client;

beforeAll(async () => {
  stack = await startWorldStack('e2eanalytics', 5, 60, {
    services: ['auth', 'stats', 'gateway'],
    env: { BACKFILL: 'off' },
  });
  support = await createStaff(await signInAdmin(stack), 'support', 'Sue Port');
  api = await signInApi(stack, support.email, support.password);
}, 240_000);

async function open(path: string): Promise<Page> {
  const page = await signedInPage(await browser().newContext({ acceptDownloads: true }), stack, support);
  await page.goto(`${stack.url}${path}`);
  return page;
}

/** The rows of the screen's 'Export CSV' (no field of these answers holds a comma or a quote). */
async function exported(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync((await download.path()) as string, 'utf8');
  return text.split('\n').map((line) => line.split(','));
}

const get = async <T>(path: string): Promise<T> => {
  const res = await api.call('GET', path);
  expect(res.status, path).toBe(200);
  return res.json as T;
};

/** A structures screen with data: the API's answer (some structures), the open screen, its summary. */
async function structuresScreen<T extends { structures: unknown[] }>(apiPath: string, screen: string) {
  const a = await get<T>(apiPath);
  expect(a.structures.length).toBeGreaterThan(0);
  const page = await open(screen);
  return { a, page, summary: page.getByRole('group', { name: 'Summary' }) };
}

describe('/linkplus-structures', () => {
  it('lists the top 30 structures with links to Support Plus for a support user', async () => {
    const expected = (await get<{ structures: { rootGroupId: string }[] }>('/api/supportPlus/structures'))
      .structures;
    expect(expected.length).toBe(ANALYTICS_DEFAULTS.topStructures);
    const page = await open('/linkplus-structures');
    const table = page.getByRole('table', { name: 'Top structures' });
    await table.waitFor({ timeout: 15_000 });
    const first = expected[0]?.rootGroupId as string;
    const link = table.getByRole('link', { name: first, exact: true });
    expect(await link.getAttribute('href')).toBe(`/supportPlus?searchterm=${encodeURIComponent(first)}`);
    await page.close();
  });
});

describe('/linkplus-structures-recent', () => {
  it('shows the summary and exports exactly the structures the API answers; Load asks again with the range', async () => {
    const { a, page, summary } = await structuresScreen<RecentStructures>(
      '/api/supportPlus/structures-recent',
      '/linkplus-structures-recent',
    );
    await summary.getByText(`Total structures: ${a.summary.total}`).waitFor({ timeout: 15_000 });
    await summary.getByText(`Empty: ${a.summary.empty}`).waitFor();
    const rows = await exported(page);
    expect(rows[0]).toEqual(['Structure', 'Created Date', 'L2s', 'Smart', 'Connect', 'Others', 'Total']);
    expect(rows.slice(1)).toEqual(
      a.structures.map((r) =>
        [r.rootGroupId, r.createdDate, r.l2, r.smart, r.connect, r.others, r.total].map(String),
      ),
    );

    // A narrower range: the request carries it, and the summary follows the answer.
    const from = a.to.slice(0, 10);
    const asked = page.waitForResponse((r) => r.url().includes('/api/supportPlus/structures-recent?'));
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('Limit').fill('5');
    await page.getByRole('button', { name: 'Load' }).click();
    const url = new URL((await asked).url());
    expect(url.searchParams.get('fromDate')).toBe(from);
    expect(url.searchParams.get('limit')).toBe('5');
    const narrow = (await (await asked).json()) as RecentStructures;
    await summary.getByText(`Total structures: ${narrow.summary.total}`).waitFor();
    expect(narrow.structures.length).toBeLessThanOrEqual(5);

    // A from date after the to date: the field says so and nothing is asked.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/structures-recent?')) sent += 1;
    });
    await page.getByLabel('To', { exact: true }).fill('2000-01-01');
    await page.getByRole('button', { name: 'Load' }).click();
    await page.getByText('The from date must not be after the to date.').waitFor();
    expect(sent).toBe(0);
    await page.close();
  });
});

describe('/linkplus-product-structures-recent', () => {
  it('shows the generation shares and exports the structures the API answers', async () => {
    const { a, page, summary } = await structuresScreen<ProductStructures>(
      '/api/supportPlus/product-structures-recent',
      '/linkplus-product-structures-recent',
    );
    await summary.getByText(`Total shown: ${a.summary.totalShown}`).waitFor({ timeout: 15_000 });
    await summary.getByText(`connect: ${a.summary.percent.connect.toFixed(1)}%`).waitFor();
    const rows = await exported(page);
    expect(rows.length - 1).toBe(a.structures.length);
    expect(rows[1]?.[0]).toBe(a.structures[0]?.rootGroupId);
    await page.close();
  });
});

describe('/new-user-track', () => {
  it('draws the age columns and links over time, lists every link, and adds the coco/nexa ones when asked', async () => {
    const a = await get<UserTrack>('/api/new-user-track/userTrackInfo');
    const all = await get<UserTrack>('/api/new-user-track/userTrackInfo?cocoNexa=true');
    expect(a.rows.length).toBeGreaterThan(0);
    const page = await open('/new-user-track');
    await page.getByRole('heading', { name: 'Recent Disconnected Users' }).waitFor();
    await page.getByRole('region', { name: 'Age' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Links added per day' }).waitFor();
    const rows = await exported(page);
    expect(rows.slice(1).map((r) => r[0])).toEqual(a.rows.map((r) => r.mac));

    await page.getByText('Weekly', { exact: true }).click();
    await page.getByRole('region', { name: 'Links added per week' }).waitFor();

    const asked = page.waitForResponse((r) => r.url().includes('/userTrackInfo?'));
    await page.getByLabel('Include coco/nexa').check();
    await page.getByRole('button', { name: 'Load' }).click();
    expect(new URL((await asked).url()).searchParams.get('cocoNexa')).toBe('true');
    expect(((await (await asked).json()) as UserTrack).rows.length).toBe(all.rows.length);
    await page.close();
  });
});

describe('/new-user-gen2', () => {
  it('lists the recent users with devices and who shares their structures, with the registrations graph', async () => {
    const a = await get<RecentUsers>('/api/supportPlus/users');
    expect(a.users.length).toBeGreaterThan(0);
    const page = await open('/new-user-gen2');
    await page.getByRole('region', { name: 'Registrations per day' }).waitFor({ timeout: 15_000 });
    const rows = await exported(page);
    expect(rows[0]).toEqual(['User', 'Created Date', 'Devices', 'Structures', 'Other users']);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual(a.users.map((u) => [u.email, String(u.devices)]));
    const table = page.getByRole('table', { name: 'LinkPlus customers' });
    await table.getByRole('link', { name: a.users[0]?.email as string, exact: true }).waitFor();
    await page.close();
  });
});

describe('roles', () => {
  it('refuses every analytics call to a user without support or dev, on the server', async () => {
    const client = await staffClient(stack, await signInAdmin(stack), 'stats', 'Stu Stats');
    const paths = analyticsOperations.map((o) => o.path);
    expect(paths).toHaveLength(5);
    expect(await notRefused(client, paths)).toEqual([]);
  });
});
