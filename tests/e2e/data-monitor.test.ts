/**
 * The data monitor in Debian's Chromium: the real auth, search and gateway processes on real NATS,
 * Postgres, Redis and the Mongo-compatible server, over a world loaded into databases of this
 * file's own plus the month of 15-minute energy readings up to now that the demo writes. Nothing
 * is stood in. A data user signs in, lands on /datamonitor with data, pages with ctrl+→, switches
 * to the table and downloads the CSV, whose rows must be the API's answer for the whole range
 * (every page), not only the page shown.
 */
import { readFileSync } from 'node:fs';
import { type EnergyPage, type EnergyRow, EnergyRowSchema } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser.ts';
import { dataMonitorTab, energyWorld } from '../support/data-monitor.ts';
import { signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
/** The energy data row of seed 000 §3 as the API's contract orders it: the CSV's columns. */
const COLUMNS = Object.keys(EnergyRowSchema.properties) as (keyof EnergyRow)[];
const dana = { email: '', password: 'data-monitor-1', name: 'Dana Data' };

beforeAll(async () => {
  stack = await startWorldStack('e2edm', 31, 60, { poolSize: 2 });
  expect(await energyWorld(stack, { days: 30, meters: 3 }, dana)).toBeGreaterThan(3 * 29 * 96);
}, 180_000);

describe('the data monitor', () => {
  it('lands a data user on it with data, pages with ctrl+→, and downloads the table as the API answers it', async () => {
    const { context, page, info, total } = await dataMonitorTab(browser(), stack, dana);
    await page
      .getByRole('figure', { name: 'Current use (W)' })
      .locator('path[data-serial]')
      .first()
      .waitFor();

    // ctrl+→ asks for the next page; keep what the page asked and what the API answered.
    const second = page.waitForResponse((r) => /\/api\/supportdm\/getEnergy\/1\//.test(r.url()));
    await page.locator('body').press('Control+ArrowRight');
    const response = await second;
    const answered = (await response.json()) as EnergyPage;
    await expect.poll(() => info.textContent()).toMatch(/^Page 2 \//);
    // Values on hover (issue 30): at the graph's left edge, the page's first reading.
    const first = answered.rows[0] as EnergyRow;
    const graph = page.getByRole('figure', { name: 'Current use (W)' });
    await expect.poll(() => graph.locator('path[data-serial]').first().getAttribute('d')).toBeTruthy();
    await graph.locator('[data-hover-area]').hover({ position: { x: 1, y: 20 } });
    const tip = graph.getByRole('tooltip');
    await expect.poll(() => tip.textContent()).toContain(`${first.serial}: ${first.current_use} W`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');

    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Energy readings' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(answered.rows.length);
    await expect
      .poll(() => table.locator('tbody tr').first().textContent())
      .toContain(answered.rows[0]?.serial);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8')
      .trimEnd()
      .split('\r\n');

    // The same request again, straight to the API as the same data user: the page shown is its rows.
    const api = await signInApi(stack, dana.email, dana.password);
    const body = response.request().postDataJSON();
    const again = await api.call('PUT', new URL(response.url()).pathname, body);
    expect(again.status).toBe(200);
    expect((again.json as EnergyPage).rows).toHaveLength(30);
    expect((again.json as EnergyPage).rows).toEqual(answered.rows);

    // The CSV holds the whole range (issue 30), not the page: every page of the API, in order.
    const all: EnergyRow[] = [];
    for (let p = 0; all.length < total; p++) {
      const part = await api.call('PUT', `/api/supportdm/getEnergy/${p}/asc/500`, body);
      expect(part.status).toBe(200);
      const rows = (part.json as EnergyPage).rows;
      if (rows.length === 0) break;
      all.push(...rows);
    }
    expect(all).toHaveLength(total);
    await page
      .getByRole('status', { name: 'Export' })
      .getByText(`The CSV holds all ${total.toLocaleString('en-US')} rows of the range.`)
      .waitFor();
    expect(csv[0]).toBe(COLUMNS.join(','));
    expect(csv).toHaveLength(total + 1);
    expect(csv.slice(1).map((line) => line.split(','))).toEqual(
      all.map((r) => COLUMNS.map((c) => (r[c] === null ? '' : String(r[c])))),
    );
    await context.close();
  }, 120_000);
});
