/**
 * One style across the console (issue 30), in Debian's Chromium against the real gateway and auth:
 * every date and time in the one format of ui/dates.ts — the browser's locale, the 24-hour clock,
 * the zone where a moment stands alone — and messages as sentences, never "error: …".
 */
import { infraEnv } from '@console/kit/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { type Stack, startStack } from '../support/stack.ts';

let stack: Stack;
const browser = useChromium(() => stack?.stop());

beforeAll(async () => {
  stack = await startStack(infraEnv());
});

/** The admin's own row of /admin in a browser of `locale` and `timezoneId`: its Created cell. */
async function createdCell(locale: string, timezoneId: string): Promise<{ page: Page; text: string }> {
  const context = await browser().newContext({ locale, timezoneId });
  const page = await context.newPage();
  await signInPage(page, stack, stack.admin, { oneTimeCode: true });
  await page.goto(`${stack.url}/admin`);
  const row = page.getByRole('row').filter({ hasText: stack.admin.email });
  const cell = row.getByRole('cell').nth(6);
  await cell.waitFor({ timeout: 20_000 });
  return { page, text: ((await cell.textContent()) ?? '').trim() };
}

describe('one style', () => {
  it('shows a moment in the browser’s own order, on the 24-hour clock, with its zone', async () => {
    const us = await createdCell('en-US', 'America/New_York');
    expect(us.text).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} E[SD]T$/);
    expect(us.text).not.toMatch(/AM|PM/);
    const de = await createdCell('de-DE', 'Europe/Berlin');
    expect(de.text).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} MES?Z$/);
    // The same moment: New York's clock is six hours behind Berlin's (five for a few weeks a year,
    // when one has moved to summer time and the other not yet).
    const clock = (t: string) => /(\d{2}):(\d{2})/.exec(t)?.slice(1).map(Number) as number[];
    const [usH = 0, usM = 0] = clock(us.text);
    const [deH = 0, deM = 0] = clock(de.text);
    expect(usM).toBe(deM);
    expect([5, 6]).toContain((deH - usH + 24) % 24);
    await us.page.context().close();
    await de.page.context().close();
  });

  it('says a failed sign-in as a sentence, not "error: …"', async () => {
    const page = await browser().newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('E-mail').fill(stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid e-mail or password.', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/error:/i).count()).toBe(0);
    await page.close();
  });
});
