/**
 * The engineer's day with the keyboard alone (issue 30), in Debian's Chromium against the real
 * auth, simulator, hub-control and gateway processes: a dev signs in, opens Admin Sockets from the
 * main menu (Tab, Enter, arrow keys), types a hub id and a system.read, sends it with Enter on
 * Send, opens the hub's reply to its raw JSON and its stages with Enter and Space, and goes back
 * to the send box with Shift+Tab. No pointer is pressed after signing in; after every key the
 * focus is on the page and visible (tests/support/keyboard.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { keyboardJourney } from '../support/keyboard.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
const dev = { email: '', password: 'keyboard-engineer-1', name: 'Kim Keys' };

beforeAll(async () => {
  stack = await startHubStack({ hubs: 1, seed: 23 });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'dev', dev);
  await stack.hubsConnected(admin);
}, 120_000);

describe("the engineer's journey", () => {
  it('sends a hub a system.read from Admin Sockets and reads its reply, with the keyboard alone', async () => {
    const hub = String(stack.fleet[0]?.hubId);
    const page = await signedInPage(browser(), stack, dev);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    const keys = await keyboardJourney(page);

    await keys.menu('Dev', 'Admin Sockets', '/sockets-admin');
    await page.getByText(`Authed as ${dev.name}`).waitFor({ timeout: 20_000 });
    await keys.tabTo(page.getByLabel('To', { exact: true }));
    await keys.type(hub);
    await keys.tabTo(page.getByLabel('Message', { exact: true }));
    await keys.press('ControlOrMeta+A');
    await keys.type(
      JSON.stringify({
        version: '1.0',
        transactionId: 3030,
        senderId: 'admin.keys',
        direction: 'request',
        class: 'system',
        operation: 'read',
        items: [{ itemId: 0, payload: {} }],
      }),
    );
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await keys.tabTo(send);
    await keys.press('Enter');

    const reply = page
      .getByRole('log', { name: 'Socket log' })
      .getByLabel('Log entry')
      .filter({ hasText: `← ${hub} system.read response · transactionId 3030 · reply` });
    await reply.waitFor({ timeout: 20_000 });
    // The reply's line is a button: Enter opens its raw JSON.
    const line = reply.getByRole('button', { name: /system\.read response/ });
    await keys.tabTo(line);
    expect(await line.getAttribute('aria-expanded')).toBe('false');
    await keys.press('Enter');
    await expect.poll(() => reply.getByLabel('Raw JSON').textContent()).toContain('"configNumber"');
    expect(await line.getAttribute('aria-expanded')).toBe('true');
    // Its stages open with Space.
    await keys.tabTo(reply.getByRole('button', { name: 'Stages' }));
    await keys.press('Space');
    await reply
      .getByLabel('Command waterfall')
      .getByLabel('Action state')
      .filter({ hasText: 'replied' })
      .waitFor({ timeout: 20_000 });
    // Back to the send box for the next message.
    await keys.tabTo(send, { back: true, max: 120 });
    await keys.noPointerUsed();
    await page.close();
  });
});
