/**
 * The report export screens in Debian's Chromium, over the real auth, stats and gateway processes
 * and a small generated world: a marketing user signs in with the e-mailed one-time code, starts a
 * report, watches its rows count up (still there after a reload), is refused a second one of the
 * same group ('Current task in progress. Try again later.'), and finds the CSV in the captured
 * mailbox with exactly the rows the screen said. 'Please select at least one option' is shown
 * before anything is sent; the server refuses a non-marketing user.
 */
import { REPORT_TEXT, type ReportProgress } from '@console/contracts';
import { mailedCsv } from '@console/kit/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin, signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let marketing: StaffUser;
let support: StaffUser;

beforeAll(async () => {
  stack = await startWorldStack('e2ereports', 7, 40, {
    services: ['auth', 'stats', 'gateway'],
    // Slow enough to watch (~18 s for the 56 rows): 5 rows a page, 1.5 s after each. At 600 ms the
    // report once finished before the second page had opened on a loaded machine.
    env: { BACKFILL: 'off', REPORT_PAGE_ROWS: '5', REPORT_PAGE_PAUSE_MS: '1500' },
  });
  const admin = await signInAdmin(stack);
  marketing = await createStaff(admin, 'marketing', 'Mia Marketing', { requireOneTimeCode: true });
  support = await createStaff(admin, 'support', 'Sam Support');
}, 240_000);

const job = (page: Page) => page.getByLabel('Report job');

describe('report exports', () => {
  it('starts a report, shows its progress across a reload, refuses a second one, and mails the CSV', async () => {
    const page = await signedInPage(browser(), stack, marketing, { oneTimeCode: true });
    await page.goto(`${stack.url}/links`);
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Send to').inputValue()).toBe(marketing.email);

    // Neither generation: refused on the page, nothing sent.
    await page.getByRole('checkbox', { name: 'Link', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Link Plus' }).uncheck();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => page.getByLabel('Report problem').textContent()).toBe(REPORT_TEXT.noOption);

    await page.getByRole('checkbox', { name: 'Link', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Link Plus' }).check();
    const since = Date.now();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect
      .poll(() => job(page).textContent(), { timeout: 20_000 })
      .toMatch(/running for .*, [1-9][\d,]* of [\d,]+ rows/);

    // A reload shows the same job, still counting.
    await page.reload();
    await expect.poll(() => job(page).textContent(), { timeout: 20_000 }).toMatch(/Links: running for/);
    expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);

    // The same group from another screen (and the API) is refused while it runs.
    const other = await browser().newPage();
    await other.context().addCookies(await page.context().cookies());
    await other.goto(`${stack.url}/useractivelink`);
    await other.getByRole('heading', { name: 'Active Link Plus', level: 1 }).waitFor();
    await expect.poll(() => job(other).textContent(), { timeout: 10_000 }).toMatch(/Links: running for/);
    expect(await other.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
    const api = await signInApi(stack, support.email, support.password);
    const refused = await api.call('POST', '/api/reports/links/exportCSV', {
      email: support.email,
      link1: true,
      linkPlus: true,
    });
    expect(refused.status).toBe(403);

    await expect
      .poll(() => page.getByLabel('Report sent').textContent(), { timeout: 60_000 })
      .toMatch(
        new RegExp(`Links: [\\d,]+ rows sent to ${marketing.email.replace('.', '\\.')} as links-links-`),
      );
    const progress = (await (
      await page.request.get(`${stack.url}/api/reports/links/inProgress`)
    ).json()) as ReportProgress;
    expect(progress.inProgress).toBe(false);
    const rows = progress.job?.rowsDone as number;
    expect(rows).toBe(progress.job?.rowsTotal);
    expect(rows).toBeGreaterThan(40);

    const { lines } = await mailedCsv(stack.infra.MAILBOX_URL, marketing.email, /^Report: Links/, {
      since,
      timeoutMs: 20_000,
    });
    expect(lines[0]).toBe('generation,link,name,serial,firmware,ownerUserId,ownerEmail,created,lastSeen');
    expect(lines).toHaveLength(1 + rows);

    // Free again: the other report of the group starts.
    await other.reload();
    await other.getByRole('button', { name: 'Export' }).click();
    await expect
      .poll(() => job(other).textContent(), { timeout: 20_000 })
      .toMatch(/Active Link Plus|Users with an active Link Plus/);
  });
});
