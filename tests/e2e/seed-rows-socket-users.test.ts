/**
 * /socket-users' Payloads panel and logging toggles (seed 002 §2 user channel page, issue 32) in
 * Debian's Chromium over the real auth, hub-control and gateway on a loaded world: a dev logs in as
 * a customer (Login-As with a reason), authenticates the channel, sends the Hierarchy message once
 * per payload line with Send Payloads (a bad line said, nothing sent), and turns the outgoing and
 * incoming logging off and on: what is not logged is still sent and answered. The server selection
 * (seed 002 §3 server config): a second deployment an operator lists (OTHER_DEPLOYMENTS, given to
 * hub-control and the gateway) is a second listener of the same stack the test starts (a TCP
 * listener in front of the gateway); the page, opened through a first one, offers both, switches
 * its user channel to the second from the browser and authenticates there; a `hostName` no
 * deployment has is refused with a message and never connected to. Move Links' optional host change
 * (`/moveLinks?hostName`) takes the same list: its admin channel goes to the second deployment.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { COLLECTIONS } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { userChannelAs } from '../support/user-channel.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

/**
 * A listener the test starts in front of the stack's gateway (its port known before the stack
 * starts, the gateway's only after): each connection piped to the gateway, its request heads kept.
 */
async function listenerInFront(): Promise<{
  port: number;
  heads: string[];
  to(port: number): void;
  close(): void;
}> {
  let target = 0;
  const heads: string[] = [];
  const open = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    open.add(inbound);
    inbound.once('data', (first) => heads.push(first.toString('latin1').split('\r\n\r\n')[0] ?? ''));
    const outbound = tcpConnect(target, '127.0.0.1');
    open.add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    heads,
    to: (port) => {
      target = port;
    },
    close: () => {
      for (const s of open) s.destroy();
      server.close();
    },
  };
}

let stack: WorldStack;
let front: Awaited<ReturnType<typeof listenerInFront>>;
let second: Awaited<ReturnType<typeof listenerInFront>>;
const browser = useChromium(() => {
  front?.close();
  second?.close();
  return stack?.stop();
});
const dev = { email: '', password: 'socket-rows-1', name: 'Payl Oader' };
const SECOND = (port: number) => ({
  label: 'second',
  webSocketHost: `127.0.0.1:${port}`,
  authHost: 'auth.second.test',
  protocol: 'ws',
});

beforeAll(async () => {
  front = await listenerInFront();
  second = await listenerInFront();
  stack = await startWorldStack('e2esurows', 21, 10, {
    services: ['auth', 'hub-control', 'gateway'],
    env: {
      OTHER_DEPLOYMENTS: JSON.stringify([SECOND(second.port)]),
      // The console's pages come from the front listener: its origin may open the second's /ws.
      WS_ALLOWED_ORIGINS: `http://127.0.0.1:${front.port}`,
    },
  });
  const gatewayPort = Number(new URL(stack.url).port);
  front.to(gatewayPort);
  second.to(gatewayPort);
  await enrolStaff(stack, await signInAdmin(stack), 'dev', dev);
}, 180_000);

const lines = (page: Page, text: RegExp) => page.getByRole('log', { name: 'Socket log' }).getByText(text);
const requests = (page: Page) => lines(page, /→ server user\.hierarchy request/).count();
const responses = (page: Page) => lines(page, /← server user\.hierarchy response/).count();

describe('/socket-users Payloads and logging', () => {
  it('sends one message per payload line, and logs outgoing and incoming only while each toggle is on', async () => {
    const customer = await stack.mongo.db
      .collection<{ email: string }>(COLLECTIONS.authUsers)
      .findOne({}, { sort: { email: 1 } });
    if (!customer) throw new Error('no auth user in this world');
    const page = await signedInPage(browser(), stack, dev);
    await userChannelAs(page, stack, customer.email, 'Checking the Payloads panel');

    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await page.getByLabel('Payloads').fill('{}\nnot json');
    await page.getByRole('button', { name: 'Send Payloads' }).click();
    await page.getByText('Line 2 is not JSON.').waitFor();
    await page.waitForTimeout(1500);
    expect(await requests(page)).toBe(0);

    await page.getByLabel('Payloads').fill('{}\n{"depth": 1}\n{"depth": 2}');
    await page.getByRole('button', { name: 'Send Payloads' }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(3);
    expect(await requests(page)).toBe(3);

    // Outgoing off: the request goes (its answer arrives) but is not logged.
    await page.getByLabel('Logging Outgoing').uncheck();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(4);
    expect(await requests(page)).toBe(3);

    // Incoming off too: nothing new is logged; on again, both are.
    await page.getByLabel('Logging Incoming').uncheck();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForTimeout(3000);
    expect(await responses(page)).toBe(4);
    expect(await requests(page)).toBe(3);
    await page.getByLabel('Logging Incoming').check();
    await page.getByLabel('Logging Outgoing').check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(5);
    expect(await requests(page)).toBe(4);
    await page.close();
  }, 120_000);
});

describe('/socket-users server selection', () => {
  it('offers the configured deployments, connects the user channel to the chosen one from the browser and authenticates there; refuses an unknown host', async () => {
    const customer = await stack.mongo.db
      .collection<{ email: string }>(COLLECTIONS.authUsers)
      .findOne({}, { sort: { email: 1 } });
    if (!customer) throw new Error('no auth user in this world');
    // The console's pages may open this console's sockets and the listed deployment's, nothing else.
    const csp = (await fetch(`${stack.url}/socket-users`)).headers.get('content-security-policy') ?? '';
    expect(csp.split(';')).toContain(`connect-src 'self' ws://127.0.0.1:${second.port}/ws`);

    const viaFront = { ...stack, url: `http://127.0.0.1:${front.port}` };
    const page = await signedInPage(browser(), viaFront, dev);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    // A host no deployment has: said, and this console's own socket used.
    await page.goto(`${viaFront.url}/socket-users?hostName=evil.example:443`);
    await page
      .getByRole('alert', { name: 'Server' })
      .getByText(
        'No deployment this console knows has host evil.example:443: connected to this console instead. Choose a server from the list.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Authenticate' }).waitFor();
    await expect.poll(() => sockets).toEqual([`ws://127.0.0.1:${front.port}/ws`]);
    expect(second.heads.length).toBe(0);

    // The list: this console first, then the one the operator listed.
    await page.getByRole('combobox', { name: 'Server' }).click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['this console (localhost:4181)', `second (127.0.0.1:${second.port})`]);
    await page.getByRole('option', { name: `second (127.0.0.1:${second.port})` }).click();
    await expect(page.getByLabel('Host', { exact: true }).textContent()).resolves.toBe(
      `Host: 127.0.0.1:${second.port}`,
    );
    await expect(page.getByLabel('Auth host', { exact: true }).textContent()).resolves.toBe(
      'Auth host: auth.second.test',
    );
    // The browser itself opened the second deployment's /ws: the page's origin in its request.
    await expect.poll(() => sockets.at(-1)).toBe(`ws://127.0.0.1:${second.port}/ws`);
    await expect.poll(() => second.heads.length).toBe(1);
    expect(second.heads[0]).toMatch(/^GET \/ws HTTP\/1\.1/);
    expect(second.heads[0]?.toLowerCase()).toContain(`origin: http://127.0.0.1:${front.port}`);

    // Login and Authenticate: the customer's channel on the second deployment.
    await page.getByLabel('Login-As').check();
    await page.getByLabel('Target e-mail').fill(customer.email);
    await page.getByLabel('Reason').fill('Checking the server selection');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(`Logged in as ${customer.email}`).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByText(`Authenticated as ${customer.email}`).waitFor();
    await page.getByRole('button', { name: 'Hierarchy', exact: true }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => responses(page), { timeout: 15_000 }).toBe(1);
    expect(second.heads.length).toBe(1);

    // Opened with the second's hostName, the page connects there directly.
    sockets.length = 0;
    await page.goto(
      `${viaFront.url}/socket-users?hostName=127.0.0.1:${second.port}&authHost=auth.second.test`,
    );
    await page.getByRole('button', { name: 'Authenticate' }).waitFor();
    await expect.poll(() => sockets).toEqual([`ws://127.0.0.1:${second.port}/ws`]);
    expect(await page.getByRole('alert', { name: 'Server' }).count()).toBe(0);
    await expect(page.getByRole('combobox', { name: 'Server' }).inputValue()).resolves.toBe(
      `second (127.0.0.1:${second.port})`,
    );
    await page.close();
  }, 120_000);
});

describe('/moveLinks optional host change', () => {
  it("takes hostName only of a configured deployment: the admin channel then opens that deployment's /ws and is authed there", async () => {
    const viaFront = { ...stack, url: `http://127.0.0.1:${front.port}` };
    const page = await signedInPage(browser(), viaFront, dev);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    await page.goto(`${viaFront.url}/moveLinks?hostName=evil.example:443`);
    await page
      .getByRole('alert', { name: 'Channel host' })
      .getByText('No deployment this console knows has host evil.example:443', { exact: false })
      .waitFor();
    await page.getByText(`Authed as ${dev.name}`).waitFor();
    expect(sockets).toEqual([`ws://127.0.0.1:${front.port}/ws`]);

    const before = second.heads.length;
    sockets.length = 0;
    await page.goto(`${viaFront.url}/moveLinks?hostName=127.0.0.1:${second.port}`);
    await page.getByText(`Authed as ${dev.name}`).waitFor();
    expect(sockets).toEqual([`ws://127.0.0.1:${second.port}/ws`]);
    expect(second.heads.length).toBe(before + 1);
    expect(await page.getByRole('alert', { name: 'Channel host' }).count()).toBe(0);
    await expect(page.getByRole('combobox', { name: 'Channel host' }).inputValue()).resolves.toBe(
      `second (127.0.0.1:${second.port})`,
    );

    // Picking this console from the list moves the channel back.
    await page.getByRole('combobox', { name: 'Channel host' }).click();
    await page.getByRole('option', { name: 'this console (localhost:4181)' }).click();
    await expect.poll(() => sockets.at(-1)).toBe(`ws://127.0.0.1:${front.port}/ws`);
    await page.getByText(`Authed as ${dev.name}`).waitFor();
    expect(second.heads.length).toBe(before + 1);
    await page.close();
  }, 60_000);
});
