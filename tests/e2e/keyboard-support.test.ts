/**
 * The support person's day with the keyboard alone (issue 30), in Debian's Chromium against the
 * real auth, search, simulator, hub-control and gateway processes over a generated world whose
 * first hubs the simulator runs (FLEET=world): a support person finds a customer by e-mail on
 * Support Plus, opens the customer's structure, opens one of its hubs, watches the hub's live
 * monitor, pauses and resumes it, narrows it to the system class with the Classes filter, restarts
 * the hub after its question and sees the request, the hub's reply and the action's outcome; then
 * opens the reply's raw JSON. No pointer is pressed after signing in; after every key the focus is
 * on the page and visible, also when a screen has changed or the question has closed
 * (tests/support/keyboard.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { keyboardJourney } from '../support/keyboard.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { firstSimulated, type SimulatedWorld, startSimulatedWorld } from '../support/simulated-hubs.ts';
import type { WorldStack } from '../support/world-stack.ts';

const WORLD: SimulatedWorld = { seed: 9, customers: 30, hubs: 8 };
let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'keyboard-support-1', name: 'Kit Keys' };

/** A simulated hub in a structure, and the e-mail of the customer who owns it. */
const target = () =>
  firstSimulated(WORLD, 'a structure', ({ hub, owner }) =>
    hub.rootGroupId ? { hubId: hub.hubId, rootGroupId: hub.rootGroupId, email: owner.email } : undefined,
  );

beforeAll(async () => {
  stack = await startSimulatedWorld('e2eksup', WORLD, { SIM_RESTART_MS: '1500' });
  await enrolStaff(stack, await signInAdmin(stack), 'support', support);
}, 240_000);

describe("the support person's journey", () => {
  it('finds a customer, opens the structure and a hub, filters its live monitor and restarts it, with the keyboard alone', async () => {
    const { hubId, rootGroupId, email } = target();
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    const keys = await keyboardJourney(page);

    // Find the customer: the search field, the e-mail, Enter.
    await keys.tabTo(page.getByRole('combobox', { name: 'Search', exact: true }));
    await keys.type(email);
    await keys.press('Enter');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('searchterm'), { timeout: 20_000 })
      .toBe(email);
    const structures = page.getByRole('table', { name: 'Structures' });
    const row = structures.getByRole('row').filter({ hasText: rootGroupId });
    await row.waitFor({ timeout: 20_000 });

    // Open the structure from its row.
    await keys.tabTo(row.getByRole('link').first());
    await keys.press('Enter');
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 20_000 })
      .toBe(`/supportPlus/structure/${rootGroupId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await keys.expectFocus('the structure opened');

    // Open the hub from the structure's link summary.
    await keys.tabTo(page.locator(`a[href="/supportPlus/hub/${hubId}"]`).filter({ hasText: 'Live monitor' }));
    await keys.press('Enter');
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^Hub ${hubId}`) })
      .waitFor({ timeout: 20_000 });
    const monitor = page.getByRole('region', { name: 'Live messages' });
    await monitor.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await keys.expectFocus('the hub opened');

    // Narrow the monitor to the system class: the Classes filter, typed, picked with the arrow keys.
    const classes = monitor.getByRole('combobox', { name: 'Classes' });
    await keys.tabTo(classes);
    await keys.type('system');
    await page.getByRole('option', { name: 'system', exact: true }).waitFor();
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await keys.press('Escape');
    await expect.poll(() => monitor.getByText('system', { exact: true }).count()).toBeGreaterThan(0);
    const stream = monitor.getByRole('log', { name: 'Stream' });

    // Watch it: Pause holds the stream, the same button resumes it, the focus staying on it.
    const pause = monitor.getByRole('button', { name: 'Pause' });
    await keys.tabTo(pause);
    await keys.press('Enter');
    const resume = monitor.getByRole('button', { name: 'Resume' });
    await resume.waitFor();
    expect(await keys.focused(resume)).toBe(true);
    await keys.press('Enter');
    await pause.waitFor();

    // Restart the hub: its question, answered with the keyboard.
    const restart = page.getByRole('button', { name: 'Restart', exact: true });
    await keys.tabTo(restart, { back: true });
    await keys.press('Enter');
    const question = page.getByRole('dialog', { name: `Restart link ${hubId}?` });
    await question.waitFor();
    await keys.tabTo(question.getByRole('button', { name: 'Restart' }));
    await keys.press('Enter');
    await question.waitFor({ state: 'hidden' });
    // The focus goes back to the card's Restart, not to the top of the page.
    await expect.poll(() => keys.focused(restart)).toBe(true);
    await keys.expectFocus('the question closed');

    // The result: the action's outcome on the card, its request and the hub's reply in the stream.
    await page
      .getByLabel('Command waterfall')
      .getByLabel('Action state')
      .filter({ hasText: /^replied$/ })
      .waitFor({ timeout: 20_000 });
    const entries = stream.locator('button[aria-expanded]');
    const reply = entries.filter({ hasText: 'response system.reset' }).first();
    await reply.waitFor({ timeout: 20_000 });
    await entries.filter({ hasText: 'request system.reset' }).first().waitFor();
    // Only system messages among the hub's messages in the filtered stream (the hub's presence
    // changes, its restart among them, stay in view).
    for (const text of await entries.allTextContents())
      expect(/(?:request|response|notification) (\w+)\./.exec(text)?.[1] ?? 'system').toBe('system');

    // The reply's raw JSON, opened with Enter.
    await keys.tabTo(reply);
    await keys.press('Enter');
    await expect
      .poll(() => stream.getByLabel('Raw JSON').first().textContent())
      .toContain('"direction": "response"');
    await keys.noPointerUsed();
    await page.close();
  });
});
