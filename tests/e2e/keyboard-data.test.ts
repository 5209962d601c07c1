/**
 * The data user's day with the keyboard alone (issue 30), in Debian's Chromium against the real
 * auth, search and gateway processes over a generated world with a month of energy readings: a
 * data user lands on DM Energy, pages with Next, Previous and ctrl+→, switches the view to the
 * table with the arrow keys, downloads the whole range as CSV with Enter, and opens Survey Links
 * from the main menu. No pointer is pressed after signing in; after every key the focus is on the
 * page and visible (tests/support/keyboard.ts).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser.ts';
import { dataMonitorTab, energyWorld } from '../support/data-monitor.ts';
import { keyboardJourney } from '../support/keyboard.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const data = { email: '', password: 'keyboard-data-1', name: 'Dot Keys' };

beforeAll(async () => {
  stack = await startWorldStack('e2ekdata', 33, 40, { poolSize: 2 });
  await energyWorld(stack, { days: 5, meters: 2 }, data);
}, 180_000);

describe("the data user's journey", () => {
  it('pages the energy data, shows it as a table and downloads it, with the keyboard alone', async () => {
    const { context, page, info, total } = await dataMonitorTab(browser(), stack, data);
    const keys = await keyboardJourney(page);

    await keys.tabTo(page.getByRole('button', { name: 'Next' }));
    await keys.press('Enter');
    await expect.poll(() => info.textContent()).toMatch(/^Page 2 \//);
    await keys.tabTo(page.getByRole('button', { name: 'Previous' }), { back: true });
    await keys.press('Enter');
    await expect.poll(() => info.textContent()).toMatch(/^Page 1 \//);
    await keys.press('Control+ArrowRight');
    await expect.poll(() => info.textContent()).toMatch(/^Page 2 \//);

    // The view: a radio group, changed with the arrow keys.
    const view = page.getByRole('radiogroup', { name: 'View' });
    await keys.tabTo(view.getByRole('radio', { name: 'Graph' }), { back: true });
    await keys.press('ArrowRight');
    const table = page.getByRole('table', { name: 'Energy readings' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(30);

    const download = page.waitForEvent('download');
    await keys.tabTo(page.getByRole('button', { name: 'Download CSV' }));
    await keys.press('Enter');
    const csv = readFileSync(await (await download).path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv).toHaveLength(total + 1);
    await page.getByRole('status', { name: 'Export' }).waitFor();

    await keys.menu('Data', 'Survey Links', '/surveyLinks');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await keys.noPointerUsed();
    await context.close();
  });
});
