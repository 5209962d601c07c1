/**
 * The world map in Debian's Chromium over a world loaded into databases of this file's own (real
 * auth, search and gateway on real NATS and Postgres). An admin signs in through the login page
 * and its e-mailed code, opens /worldmap over the whole world's dates, and sees every link the
 * database holds arrive in batches of 1, 2, 4 … 1,500, the partner layers hidden, the bad rows
 * listed, the links added on the To day counted and focusable. A support user is refused by the
 * server and shown the role notice.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const sam = { email: '', password: 'world-map-1', name: 'Sam Support' };
const BAD = `lat is null or long is null or (lat = 0 and long = 0) or lat not between -90 and 90 or long not between -180 and 180`;

beforeAll(async () => {
  stack = await startWorldStack('e2emap', 41, 400, { poolSize: 2 });
  await enrolStaff(stack, await signInAdmin(stack), 'support', sam);
}, 180_000);

const count = async (where: string, args: unknown[] = []) =>
  Number(
    (await stack.world.pool.query(`select count(*) n from wfl_locations where ${where}`, args)).rows[0].n,
  );

async function newPage(): Promise<Page> {
  const context = await browser().newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } });
  return context.newPage();
}

describe('the world map', () => {
  it('shows an admin every link of the range, loaded in doubling batches, with bad rows and the To day listed', async () => {
    const total = await count('true');
    const bad = await count(BAD);
    expect(bad).toBeGreaterThan(0);
    // The To day: the day the newest link was added, so "today" has rows.
    const { rows } = await stack.world.pool.query(
      "select to_char(to_timestamp(max(created)) at time zone 'UTC', 'YYYY-MM-DD') d from wfl_locations",
    );
    const to = rows[0].d as string;
    const onTo = await count("to_char(to_timestamp(created) at time zone 'UTC', 'YYYY-MM-DD') = $1", [to]);
    expect(onTo).toBeGreaterThan(0);

    const page = await newPage();
    const limits: number[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/wifilinks') limits.push(Number(u.searchParams.get('limit')));
    });
    await signInPage(page, stack, stack.admin, { oneTimeCode: true });
    await page.goto(`${stack.url}/worldmap?from=2015-01-01&to=${to}`);
    const status = page.getByRole('status').filter({ hasText: 'links' });
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Loaded /);
    expect(await status.textContent()).toContain(`Loaded ${total.toLocaleString('en-US')} links`);
    expect(limits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...limits)).toBeLessThanOrEqual(1500);

    expect(await page.getByRole('checkbox', { name: 'LightwaveRF' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Coco' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Nexa' }).isChecked()).toBe(false);

    const badTable = page.getByRole('table', { name: 'Bad coordinates' });
    expect(await badTable.locator('tbody tr').count()).toBe(bad);
    await page.getByText(`Added today: ${onTo}`).waitFor();

    // A date in the today list focuses the map on that link.
    await page.getByRole('table', { name: 'Added today' }).getByRole('button').first().click();
    await page.getByText(/^Zoom 11\.0/).waitFor();

    // Only LW drops the partner brands' links from the count.
    const partners = await count("substr(mac, 1, 2) in ('10', '11', '12', '13')");
    await page.getByRole('checkbox', { name: 'Only LW' }).check();
    await expect
      .poll(() => status.textContent())
      .toContain(`${(total - partners).toLocaleString('en-US')} links`);

    // Energy Only loads from /api/wifilinks/energy: only the links with an energy device.
    const energyLw = await count("energy = 1 and substr(mac, 1, 2) not in ('10', '11', '12', '13')");
    expect(energyLw).toBeGreaterThan(0);
    expect(energyLw).toBeLessThan(total - partners);
    const energyCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/wifilinks/energy');
    await page.getByRole('checkbox', { name: 'Energy Only' }).check();
    await energyCall;
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^Loaded ${energyLw.toLocaleString('en-US')} links`));
  }, 120_000);

  it('loads everything again 60 s after a full load, and not before', async () => {
    const page = await newPage();
    await page.clock.install();
    await signInPage(page, stack, stack.admin, { oneTimeCode: true });
    const starts: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/wifilinks' && u.searchParams.get('fromid') === '0') starts.push(r.url());
    });
    await page.goto(`${stack.url}/worldmap?from=2015-01-01&to=2025-06-01`);
    const status = page.getByRole('status').filter({ hasText: 'links' });
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Loaded /);
    expect(starts).toHaveLength(1);
    await page.clock.fastForward('00:50');
    await page.waitForTimeout(300);
    expect(starts).toHaveLength(1);
    await page.clock.fastForward('00:11');
    await expect.poll(() => starts.length).toBe(2);
  }, 90_000);

  it('refuses a support user on the server and shows the role notice', async () => {
    const page = await newPage();
    await signInPage(page, stack, sam);
    await page.goto(`${stack.url}/worldmap`);
    await page.getByText('Not for your roles').waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/wifilinks?limit=1')).status);
    expect(status).toBe(403);
  }, 60_000);
});
