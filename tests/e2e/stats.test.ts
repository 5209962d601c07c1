/**
 * The statistics screens in Debian's Chromium: the real auth, stats and gateway processes on real
 * NATS, Postgres, Redis and the Mongo-compatible server, over a world made by the world loader
 * (seed 5, 80 customers, with histories) in a database and a Mongo database of this file's own.
 * Nothing is stood in. The CSV a person exports is compared with what the API answers for the
 * same view.
 */
import { readFileSync } from 'node:fs';
import { STATS_TABS, STATS_TEXT, type StatsAnswer } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { keyboardJourney } from '../support/keyboard.ts';
import { enrolStaff, notRefused, signInAdmin, signInApi, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let api: Client;
const analyst = { email: '', password: 'stats-pass-1', name: 'Sia Stats' };

beforeAll(async () => {
  stack = await startWorldStack('e2estats', 5, 80, {
    services: ['auth', 'stats', 'gateway'],
    // With histories: the tabs count transactions, logs, connections, agents and client devices.
    histories: true,
  });
  await stack.waitFor(
    async () =>
      Number(
        (
          await stack.world.pool
            .query('select count(*) as n from stats_backfill')
            .catch(() => ({ rows: [{ n: 0 }] }))
        ).rows[0]?.n,
        // Every backfilled metric (BACKFILL_METRICS in services/stats: 20; groups comes last).
      ) >= 20,
    'the stats backfill',
    { timeoutMs: 90_000, intervalMs: 250 },
  );
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'stats,support', analyst);
  api = await signInApi(stack, analyst.email, analyst.password);
}, 240_000);

async function signIn(page: Page) {
  await signInPage(page, stack, analyst);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
}

/** The stats calls the page makes from now on. */
function recordStatsCalls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/supportPlus/stats/')) urls.push(r.url());
  });
  return urls;
}

async function chartReady(page: Page, title: string) {
  const chart = page.getByRole('region', { name: title });
  await chart.waitFor();
  await expect.poll(() => chart.getByText('Loading chart…').count(), { timeout: 15_000 }).toBe(0);
  expect(await chart.getByText(/^Could not load the chart/).count()).toBe(0);
  return chart;
}

/** Signed in, the Products tab by day with the `limit` top products: its chart and the API's answer. */
async function dailyProducts(page: Page, limit: number) {
  await signIn(page);
  await page.goto(`${stack.url}/stats?tab=products&limit=${limit}&period=daily&pie=5`);
  const chart = await chartReady(page, 'Products');
  const answer = (
    await api.call('GET', `/api/supportPlus/stats/products?limit=${limit}&period=86400000&pieSize=5`)
  ).json as StatsAnswer;
  return { chart, answer };
}

function parseCsv(text: string): string[][] {
  return text.split('\n').map((line) => line.split(','));
}

describe('/stats', () => {
  it('walks every tab, each with its chart and the period it covers', async () => {
    const page = await browser().newPage();
    await signIn(page);
    await page.goto(`${stack.url}/stats`);
    for (const tab of STATS_TABS) {
      await page.getByRole('tab', { name: tab.label, exact: true }).click();
      const chart = await chartReady(page, tab.id === 'duration' ? `${tab.label} (average ms)` : tab.label);
      // The period it covers in the console's one format (the browser's order), e.g. "05/02/2025 – 05/31/2025 (UTC)".
      expect(
        await chart.getByText(/^\d{2}[./]\d{2}[./]\d{4}(, \d{2}:00)? – \d{2}[./]\d{2}[./]\d{4}/).count(),
        tab.id,
      ).toBe(1);
      // Every tab has data in this world: lines are drawn, not the empty state.
      expect(await chart.locator('svg path').count(), tab.id).toBeGreaterThan(0);
      // Values on hover (issue 30): the position's label and each series' value there.
      await chart.locator('[data-hover-area]').first().hover();
      const tip = page.getByRole('tooltip');
      await expect
        .poll(() => tip.first().textContent(), { timeout: 5_000 })
        .toMatch(/\d.*: (-?\d[\d,.]*%?|—)/);
      await page.mouse.move(0, 0);
      await expect.poll(() => tip.count()).toBe(0);
      const arcs = chart.locator('svg[aria-label="pie chart"] path');
      if ((await arcs.count()) > 0) {
        await arcs.first().hover();
        await expect.poll(() => tip.first().textContent()).toMatch(/Count: \d[\d,]*Share: [\d.]+%/);
        await page.mouse.move(0, 0);
      }
    }
    await page.close();
  });

  it('refuses a bad limit or pie size without asking, then follows limit and period', async () => {
    const page = await browser().newPage();
    await signIn(page);
    await page.goto(`${stack.url}/stats?tab=products`);
    await chartReady(page, 'Products');
    const calls = recordStatsCalls(page);
    await page.getByLabel('Limit').fill('0');
    await expect.poll(() => page.getByText(STATS_TEXT.limitMin).count()).toBe(1);
    await page.getByLabel('Limit').fill('14');
    await page.getByLabel('Pie size').fill('15');
    await expect.poll(() => page.getByText(`${STATS_TEXT.pieRange} (14).`).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(calls.filter((u) => /limit=0|pieSize=15/.test(u))).toEqual([]);
    await page.getByLabel('Pie size').fill('7');
    await expect.poll(() => calls.some((u) => u.includes('limit=14') && u.includes('pieSize=7'))).toBe(true);
    await page.getByText('Hourly', { exact: true }).click();
    await expect
      .poll(() => calls.some((u) => u.includes('period=3600000') && u.includes('limit=14')))
      .toBe(true);
    await chartReady(page, 'Products');
    await page.close();
  });

  it('exports a CSV whose rows match the API’s answer, without a series turned off', async () => {
    const page = await browser().newPage({ acceptDownloads: true });
    const { chart, answer } = await dailyProducts(page, 20);
    expect(answer.series.length).toBeGreaterThan(1);
    const off = answer.series[0]?.name as string;
    const chip = chart.getByRole('checkbox', { name: off, exact: true });
    await chart.locator(`label[for="${await chip.getAttribute('id')}"]`).click();
    await expect.poll(() => chip.isChecked()).toBe(false);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      chart.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const rows = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
    const shown = answer.series.filter((s) => s.name !== off);
    expect(rows[0]).toEqual(['bucket', ...shown.map((s) => s.name)]);
    expect(rows.slice(1)).toEqual(
      answer.buckets.map((b, i) => [b, ...shown.map((s) => String(s.values[i]))]),
    );
    await page.close();
  });
  it("shows a chart's values without a pointer: one keyboard stop whose arrow keys step through the days (issue 30)", async () => {
    const page = await browser().newPage();
    const { chart, answer } = await dailyProducts(page, 5);
    expect(answer.buckets.length).toBeGreaterThan(2);
    const keys = await keyboardJourney(page);
    const slider = chart.getByRole('slider', { name: 'Products values' });
    const tip = chart.getByRole('tooltip');
    /** The tooltip's title and its lines ("series: value"), as shown. */
    const shown = async () => {
      const lines = await tip.locator('p').allInnerTexts();
      return { title: lines[0] ?? '', values: lines.slice(1).map((l) => l.replace(/^■\s*/, '')) };
    };
    /** What the API says for day `i`, in the page's number format. */
    const expected = async (i: number) => {
      const numbers = await page.evaluate(
        (values) => values.map((v) => (v === null ? '—' : v.toLocaleString())),
        answer.series.map((s) => s.values[i] ?? null),
      );
      return answer.series.map((s, k) => `${s.name.split('|').join(' · ')}: ${numbers[k]}`);
    };
    const check = async (i: number) => {
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe(String(i + 1));
      const now = await shown();
      expect(now.values).toEqual(await expected(i));
      // A screen reader hears the same point in the slider's value text.
      expect(await slider.getAttribute('aria-valuetext')).toBe(
        `${now.title}: ${now.values.map((v) => v.replace(': ', ' ')).join(', ')}`,
      );
      return now.title;
    };

    await keys.tabTo(slider);
    await tip.waitFor();
    const first = await check(0);
    await keys.press('ArrowRight');
    const second = await check(1);
    expect(second).not.toBe(first);
    await keys.press('End');
    await check(answer.buckets.length - 1);
    await keys.press('Home');
    expect(await check(0)).toBe(first);
    await keys.press('Escape');
    await expect.poll(() => tip.count()).toBe(0);
    await keys.press('Tab');
    expect(await slider.getAttribute('aria-valuenow')).toBe('1');
    await keys.noPointerUsed();
    await page.close();
  });
});

describe('the Support Plus statistics panel', () => {
  it('shows each of its charts, products by date over 182 days first', async () => {
    const page = await browser().newPage();
    await signIn(page);
    await page.goto(`${stack.url}/supportPlus`);
    const first = await chartReady(page, 'Products by date');
    expect(await first.getByText(/^\d{2}[./]\d{2}[./]\d{4} – /).count()).toBe(1);
    for (const n of [2, 3, 4, 6, 8, 12, 13, 14, 101]) {
      await page.getByRole('combobox', { name: 'Chart', exact: true }).click();
      const option = page.getByRole('option', { name: new RegExp(`^${n}\\. `) });
      const name = ((await option.textContent()) ?? '').replace(/^\d+\. /, '');
      await option.click();
      await chartReady(page, name);
    }
    const firmware = page.getByRole('region', { name: 'Firmware top list' });
    await expect.poll(() => firmware.locator('tr').count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('region', { name: 'Config highs top list' }).locator('tr').count(),
    ).toBeLessThanOrEqual(9);
    await page.close();
  });
});

describe('the graph screens and protocol errors', () => {
  it('each opens with data for a stats user', async () => {
    const page = await browser().newPage();
    await signIn(page);
    for (const [path, title] of [
      ['/protocolerrors', 'Protocol errors'],
      ['/api-users', 'Voice users per week'],
      ['/command-stats', 'Daily Commands'],
      ['/command-stats-acks', 'Command Acks'],
      ['/command-stats-demmand', 'Command Demand'],
      ['/datamonitor-stats', 'Data Monitor Stats'],
    ] as const) {
      await page.goto(`${stack.url}${path}`);
      const chart = await chartReady(page, title);
      await expect
        .poll(() => chart.getByText('No data for this period.').count(), { timeout: 5000, message: path })
        .toBe(0);
      expect(await chart.locator('svg path').count(), path).toBeGreaterThan(0);
    }
    await page.goto(`${stack.url}/integration-stats`);
    const table = page.getByRole('region', { name: 'Voice integrations' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    await page.close();
  });
});

describe('roles', () => {
  it('refuses the statistics to a user without the stats role, on the server too', async () => {
    const client = await staffClient(stack, await signInAdmin(stack), 'marketing', 'Mo Market');
    const paths = [
      '/api/supportPlus/stats/products',
      '/api/statistics/cmd-statistics/daily',
      '/api/link1-api-users/users-with-api',
    ];
    expect(await notRefused(client, paths)).toEqual([]);
    expect((await client.call('POST', '/api/supportPlus/protocolerrors/', {})).status).toBe(403);
  });
});
