/**
 * The engineering consoles in Debian's Chromium (issue 15 §2, §4): /link2 and /sockets-admin
 * against the real auth, gateway, hub-control and simulator processes on real NATS, Postgres,
 * Redis, the Mongo-compatible server and the captured mailbox. Nothing is stood in: a message goes
 * browser → gateway raw channel → hub-control → NATS → the Link2 page (held as a hub by the
 * gateway) or a simulated hub, and back. A raw send's log line opens its command waterfall.
 */
import { COLLECTIONS, RAW_TEXT, subjects } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, insertPasswordCustomer, signInAdmin } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
const dev = { email: '', password: 'dev-engineer-1', name: 'Eve Engineer' };
const direct = { email: '', password: 'link-direct-1', name: 'Lou Direct' };

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 2,
    seed: 21,
    // A person answers on the Link2 page: the hub timeout leaves them time to click.
    env: { HUB_TIMEOUT_MS: '15000', REQUEST_TIMEOUT_MS: '20000' },
  });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'dev', dev);
  await enrolStaff(stack, admin, 'linkDirect', direct);
  await stack.hubsConnected(admin);
}, 120_000);

async function openAs(path: string, who = dev): Promise<Page> {
  const context = await browser().newContext();
  const page = await context.newPage();
  await signInPage(page, stack, who);
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  await page.goto(`${stack.url}${path}`);
  return page;
}

async function adminConsole(): Promise<Page> {
  const page = await openAs('/sockets-admin');
  await page.getByText(`Authed as ${dev.name}`).waitFor();
  return page;
}

async function sendRaw(page: Page, to: string, message: object) {
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Message', { exact: true }).fill(JSON.stringify(message));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

describe('Link2 and the admin console', () => {
  it('sends a system read to the Link2 page’s hub, which answers from the page, paired by transactionId', async () => {
    const link2 = await openAs('/link2');
    await link2.getByLabel('Firmware version').waitFor();
    expect(await link2.getByLabel('Firmware version').inputValue()).toBe('0.0.42');
    await link2.getByRole('button', { name: 'Connect as Link2' }).click();
    const hubText = await link2.getByLabel('Link2 hub').textContent();
    const hubId = hubText?.match(/^Hub (\d+)/)?.[1];
    if (!hubId) throw new Error(`no hub id in ${hubText}`);

    const admin = await adminConsole();
    const tx = 7_000_001;
    await sendRaw(admin, hubId, {
      version: '1.0',
      transactionId: tx,
      senderId: 'admin.eve',
      direction: 'request',
      class: 'system',
      operation: 'read',
      items: [{ itemId: 0, payload: {} }],
    });

    const linkLog = link2.getByRole('log', { name: 'Socket log' });
    const arrived = linkLog
      .getByLabel('Log entry')
      .filter({ hasText: `system.read request · transactionId ${tx}` });
    await arrived.waitFor();
    await arrived.getByRole('button', { name: 'Reply' }).click();
    expect(await link2.getByLabel('Message', { exact: true }).inputValue()).toContain(
      '"firmwareVersion": "0.0.42"',
    );
    await link2.getByRole('button', { name: 'Send', exact: true }).click();

    const adminLog = admin.getByRole('log', { name: 'Socket log' });
    const reply = adminLog
      .getByLabel('Log entry')
      .filter({ hasText: `← ${hubId} system.read response · transactionId ${tx} · reply` });
    await reply.waitFor();
    await reply.getByText(/system\.read response/).click();
    await expect.poll(() => reply.getByLabel('Raw JSON').textContent()).toContain('"configNumber": 1');
    // The page counted what it received, and kept what it sent.
    expect(await link2.getByLabel('Received').textContent()).toMatch(/Received: [1-9]/);
    await link2.getByRole('list', { name: 'Previously sent' }).getByRole('listitem').first().waitFor();
  });
});

describe('firmware upload', () => {
  it('arrives at a simulated hub as 100-character chunks 200 ms apart, with progress, and Cancel stops it', async () => {
    const hub = String(stack.fleet[0]?.hubId);
    const s = subjects(stack.prefix);
    const fragments = stack.watch(s.hubMsg(hub, 'request', 'firmware', 'fragment'));
    const answers = stack.watch(s.hubMsg(hub, 'response', 'firmware', 'fragment'));
    const admin = await adminConsole();
    await admin.getByLabel('To', { exact: true }).fill(hub);

    const file = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    const panel = admin.getByRole('group', { name: 'Firmware upload' });
    await panel.locator('input[type=file]').setInputFiles({
      name: 'link2-fw.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(file),
    });
    await panel.getByRole('button', { name: 'Upload' }).click();
    await panel
      .getByLabel('Upload progress')
      .filter({ hasText: /Sending \d+ of 100 chunks/ })
      .waitFor();
    await panel
      .getByLabel('Upload progress')
      .filter({ hasText: 'Sent 100 of 100 chunks' })
      .waitFor({ timeout: 40_000 });
    await stack.waitFor(() => answers.length >= 100, 'the hub’s answers to every chunk');

    const got = fragments.map((m) =>
      m.json<{ at: number; items: { payload: { fragmentIndex: number; fragmentData: string } }[] }>(),
    );
    expect(got.map((g) => g.items[0]?.payload.fragmentIndex)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    expect(got.every((g) => g.items[0]?.payload.fragmentData.length === 100)).toBe(true);
    expect(got.map((g) => g.items[0]?.payload.fragmentData).join('')).toBe(file);
    // Sent 200 ms apart by the page; on arrival one late message can bunch with the next, so the
    // whole span and the typical gap are what show the pacing.
    const at = got.map((g) => g.at);
    expect((at.at(-1) ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(99 * 200 - 150);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(150);
    expect(median).toBeLessThan(400);
    const last = answers.at(-1)?.json<{ items: { payload: { received: number; complete: boolean } }[] }>();
    expect(last?.items[0]?.payload).toMatchObject({ received: 100, complete: true });

    // Again, cancelled part-way: nothing more reaches the hub after Cancel.
    const before = fragments.length;
    await panel.getByRole('button', { name: 'Upload' }).click();
    await stack.waitFor(() => fragments.length >= before + 5, 'a few chunks of the second upload');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel
      .getByLabel('Upload progress')
      .filter({ hasText: /Cancelled after \d+ of 100 chunks/ })
      .waitFor();
    const shown = Number(
      (await panel.getByLabel('Upload progress').textContent())?.match(/after (\d+)/)?.[1],
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(fragments.length - before).toBe(shown);
    expect(shown).toBeLessThan(100);
  });
});

describe('Link Direct', () => {
  it('sends a message to a picked connected link and copies the link’s reply to the send box', async () => {
    const hub = String(stack.fleet[1]?.hubId);
    const page = await openAs('/linkDirect', direct);
    await page.getByText(`Authed: ${new URL(stack.url).host}`).waitFor();
    // Both simulated hubs (and any Link2 page still open from another test) are connected.
    const counts = async () => {
      const m = (await page.getByLabel('Connected of available').textContent())?.match(
        /^(\d+) connected of (\d+) available$/,
      );
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    };
    await expect.poll(async () => (await counts())[0]).toBeGreaterThanOrEqual(2);
    const [connected = 0, available = 0] = await counts();
    expect(available).toBeGreaterThanOrEqual(connected);
    await page.getByLabel('Client', { exact: true }).and(page.locator('input')).fill(hub);
    await page.getByRole('option', { name: `* link2.${hub}.${hub}` }).click();
    await page.getByRole('list', { name: 'Subscribed ids' }).getByText(hub).waitFor();
    await page.getByRole('button', { name: 'Msg Template' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const log = page.getByRole('log', { name: 'Socket log' });
    const reply = log
      .getByLabel('Log entry')
      .filter({ hasText: /← server linkDirect\.send response · transactionId \d+ · reply/ });
    await reply.waitFor();
    await reply.getByRole('button', { name: 'Copy to send box' }).click();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toContain(
      `"handlerId": "link2.${hub}.`,
    );
    await page.getByRole('list', { name: 'Previously sent' }).getByRole('listitem').first().waitFor();
  });
});

/** Sends a hub a system.read on the raw channel and waits for its reply in the socket log. */
async function systemReadReply(page: Page, hub: string, transactionId: number) {
  await sendRaw(page, hub, {
    version: '1.0',
    transactionId,
    senderId: 'admin.e2e',
    direction: 'request',
    class: 'system',
    operation: 'read',
    items: [{ itemId: 0, payload: {} }],
  });
  const reply = page
    .getByRole('log', { name: 'Socket log' })
    .getByLabel('Log entry')
    .filter({ hasText: `← ${hub} system.read response · transactionId ${transactionId} · reply` });
  await reply.waitFor({ timeout: 20_000 });
  return reply;
}

describe('the raw channel’s waterfall', () => {
  it('a raw send to a simulated hub shows its stages from its log line', async () => {
    const hub = String(stack.fleet[0]?.hubId);
    const page = await adminConsole();
    const reply = await systemReadReply(page, hub, 4242);
    await reply.getByRole('button', { name: 'Stages' }).click();
    const panel = reply.getByLabel('Command waterfall');
    await panel.getByText(/^raw system\.read · transaction \d+$/).waitFor({ timeout: 20_000 });
    await panel.getByLabel('Action state').filter({ hasText: 'replied' }).waitFor({ timeout: 20_000 });
    await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 20_000 });
    const kinds = await panel
      .getByRole('list', { name: 'Stages' })
      .locator('li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-stage')));
    expect(kinds).toEqual(['accepted', 'sent', 'response', 'audit']);
    await page.context().close();
  });

  it('keeps the reply in view beside the send box, at 1440 and at 1280 px (issue 30)', async () => {
    const hub = String(stack.fleet[0]?.hubId);
    for (const width of [1440, 1280]) {
      const page = await adminConsole();
      await page.setViewportSize({ width, height: 900 });
      const reply = await systemReadReply(page, hub, 4300 + width);
      // Seen without scrolling: the reply and the Send button both inside the window.
      const inView = async (box: { y: number; height: number } | null) =>
        box !== null && box.y >= 0 && box.y + box.height <= 900;
      expect(await inView(await reply.boundingBox()), `reply at ${width} px`).toBe(true);
      const send = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox();
      expect(await inView(send), `Send at ${width} px`).toBe(true);
      expect(await page.evaluate('window.scrollY')).toBe(0);
      await page.context().close();
    }
  });
});

describe('the admin channel login', () => {
  it('takes an admin’s token by user name and password, and says why it refuses anything else', async () => {
    const page = await adminConsole();
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await page.getByLabel('Login error').getByText('username & pw required for this method').waitFor();

    // A token that is not one is refused by the gateway (checked by the auth service).
    await page.getByLabel('Admin token').fill('not.a.token');
    await login.click();
    await page.getByLabel('Login error').getByText('Websocket Auth failed').waitFor();

    // A customer who is not an admin on the auth server: a good token, but not an admin's.
    const plain = await insertPasswordCustomer(stack.mongo.db, stack, 'plain', 'plain-pass-1');
    await page.getByLabel('Admin token').fill('');
    await page.getByLabel('User name').fill(plain.email);
    await page.getByLabel('Password', { exact: true }).fill('plain-pass-1');
    await login.click();
    await page.getByLabel('Login error').getByText(RAW_TEXT.notAdminToken).waitFor({ timeout: 60_000 });

    const admin = await insertPasswordCustomer(stack.mongo.db, stack, 'adm', 'admin-pass-1');
    await stack.mongo.db
      .collection(COLLECTIONS.authUsers)
      .updateOne({ userId: admin.userId }, { $set: { roles: ['user', 'admin'] } });
    await page.getByLabel('User name').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('admin-pass-1');
    await login.click();
    await page.getByText(`Admin token: ${admin.email}`).waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Login error').count()).toBe(0);
    await page.close();
  }, 150_000);
});
