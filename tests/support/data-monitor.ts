/**
 * What the data monitor's browser tests share: a world with a stretch of 15-minute energy readings
 * and a data user, and that user's tab landed on /datamonitor with its first page of readings.
 */
import { writeEnergyMonth } from '@console/world';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signedInPage } from './browser.ts';
import { enrolStaff, signInAdmin } from './people.ts';
import type { WorldStack } from './world-stack.ts';

/**
 * Writes `days` of readings for `meters` energy meters into the stack's world and enrols `who` as a
 * data user; answers how many readings were written.
 */
export async function energyWorld(
  stack: WorldStack,
  month: { days: number; meters: number },
  who: { name: string; email: string; password: string },
): Promise<number> {
  const written = await writeEnergyMonth(stack.world.pool, month);
  await enrolStaff(stack, await signInAdmin(stack), 'datauser', who);
  return written;
}

export interface DataMonitorTab {
  context: BrowserContext;
  page: Page;
  /** The pager's 'Page n / m · r rows'. */
  info: Locator;
  /** The rows of the whole range, as the pager counts them (more than one page of 30). */
  total: number;
}

/** `who` signs in (downloads allowed), lands on /datamonitor and sees page 1 of more than 30 rows. */
export async function dataMonitorTab(
  browser: Browser,
  stack: WorldStack,
  who: { email: string; password: string },
): Promise<DataMonitorTab> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await signedInPage(context, stack, who);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/datamonitor');
  const info = page.getByTestId('page-info');
  await expect.poll(() => info.textContent(), { timeout: 20_000 }).toMatch(/^Page 1 \/ \d+ · \d+ rows$/);
  const total = Number(/ (\d+) rows/.exec((await info.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(30);
  return { context, page, info, total };
}
