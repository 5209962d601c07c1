/**
 * The ops person's day with the keyboard alone (issue 30), in Debian's Chromium against the real
 * auth, simulator (two hosts with supervisord), supervisor and gateway processes: an admin opens
 * Supervisor from the main menu, fetches a host's processes, restarts the host through its typed
 * confirmation, then opens the services view. No pointer is pressed after signing in; after every
 * key the focus is on the page and visible, also when the dialog has closed
 * (tests/support/keyboard.ts).
 */
import { infraEnv } from '@console/kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { keyboardJourney } from '../support/keyboard.ts';
import { createStaff, type StaffUser, signInAdmin } from '../support/people.ts';
import { hostsOnBoard, type Stack, startStack } from '../support/stack.ts';

let stack: Stack;
const browser = useChromium(() => stack?.stop());
let ops: StaffUser;

beforeAll(async () => {
  stack = await startStack(infraEnv(), ['auth', 'simulator', 'supervisor', 'gateway'], {
    SIM_HUBS: '0',
    SIM_WFLS: '0',
    SIM_HOSTS: '2',
    SIM_SEED: '5',
    SIM_HOST_HEARTBEAT_S: '2',
  });
  const api = await signInAdmin(stack);
  ops = await createStaff(api, 'admin', 'Ola Keys');
  await hostsOnBoard(stack, api, 2);
}, 180_000);

describe("the ops person's journey", () => {
  it('updates and restarts a host on Supervisor, then opens the services view, with the keyboard alone', async () => {
    const page = await signedInPage(browser(), stack, ops);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    const keys = await keyboardJourney(page);

    await keys.menu('Admin tools', 'Supervisor', '/supervisord');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    const name = (await cards.first().getAttribute('aria-label')) ?? '';
    expect(name).not.toBe('');
    const card = page.getByRole('article', { name });

    await keys.tabTo(card.getByRole('button', { name: `Update ${name}` }));
    await keys.press('Enter');
    await card.getByRole('table', { name: `Processes of ${name}` }).waitFor({ timeout: 20_000 });

    const restart = card.getByRole('button', { name: 'Restart' });
    await keys.tabTo(restart);
    await keys.press('Enter');
    const dialog = page.getByRole('dialog');
    await keys.tabTo(dialog.getByLabel('Type restart to confirm'));
    await keys.type('restart');
    await keys.tabTo(dialog.getByRole('button', { name: 'Confirm' }));
    await keys.press('Enter');
    await page.getByText(`${name} restarted.`).waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    // The focus goes back where the person was, not to the top of the page.
    await expect.poll(() => keys.focused(restart)).toBe(true);
    await keys.expectFocus('the dialog closed');

    await keys.menu('Admin tools', 'Services', '/services');
    const supervisor = page.getByRole('region', { name: 'Service supervisor' });
    await supervisor.getByText('1 instance', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Service search' }).getByText('no instance').waitFor();
    await keys.noPointerUsed();
    await page.close();
  });
});
