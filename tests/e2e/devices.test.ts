/**
 * /devices and /profile in Debian's Chromium: the real auth, search and gateway processes over a
 * small generated world's Gen1 catalogue. /devices opens with no sign-in (and its API answers a
 * caller without a cookie, 400 on bad input, 404 on an unknown type); a type and a command chosen
 * show the command's WLF code and description, and the choice survives a reload. /profile shows the
 * signed-in user and the same device list, and sends a signed-out visitor to /login.
 */
import type { DeviceListRow, DeviceWithCommands } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin } from '../support/people.ts';
import { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let anyone: Client;
let types: DeviceListRow[];
let dimmer: DeviceWithCommands;
let marketing: StaffUser;

beforeAll(async () => {
  stack = await startWorldStack('e2edevices', 5, 5, { poolSize: 2 });
  anyone = new Client(stack.url);
  types = (await anyone.call('GET', '/api/devices/list')).json as DeviceListRow[];
  const dimmers = (await anyone.call('GET', '/api/devices?type=2')).json as DeviceWithCommands[];
  dimmer = dimmers[0] as DeviceWithCommands;
  // Any signed-in user has /profile: a role with no Gen1 screen at all.
  marketing = await createStaff(await signInAdmin(stack), 'marketing', 'Mo Marketing');
}, 180_000);

const path = (page: Page) => new URL(page.url()).pathname;

/** Picks a type, then one of its commands, in the command selector, as a person would. */
async function chooseCommand(page: Page, typeLabel: string | null, command: string) {
  const selector = page.getByRole('region', { name: 'Command selector' });
  if (typeLabel) {
    await selector.getByRole('combobox', { name: 'Device type' }).click();
    await page.getByRole('option', { name: typeLabel, exact: true }).click();
  }
  const commands = selector.getByRole('combobox', { name: 'Command' });
  await expect.poll(() => commands.isEnabled()).toBe(true);
  await commands.click();
  await page.getByRole('option', { name: command, exact: true }).click();
  return selector.getByRole('table', { name: 'Chosen command' });
}

describe('/devices', () => {
  it('answers its API without a cookie: the catalogue, 400 on bad input, 404 on an unknown type', async () => {
    const list = await anyone.call('GET', '/api/devices/list');
    expect(list.status).toBe(200);
    expect(list.setCookie).toBeNull();
    expect(types.length).toBeGreaterThan(5);
    expect(dimmer).toMatchObject({ deviceTypeId: 2, name: 'Dimmer' });
    expect(dimmer.commands.length).toBe(types.find((t) => t.deviceTypeId === 2)?.commandCount);
    expect(anyone.hasSession).toBe(false);

    const bad = await anyone.call('GET', `/api/devices?type=${encodeURIComponent("2' or 1=1 --")}`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/type/);
    expect((await anyone.call('GET', '/api/devices?serial=x')).status).toBe(400);
    expect((await anyone.call('GET', '/api/devices?type=1e3')).status).toBe(400);
    expect((await anyone.call('GET', '/api/devices/list?type=2')).status).toBe(400);
    const unknown = await anyone.call('GET', '/api/devices?type=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('There is no device type 999999.');
  });

  it('opens with no sign-in; a type and a command show the command’s WLF code and description', async () => {
    const command = dimmer.commands[dimmer.commands.length - 1] as DeviceWithCommands['commands'][number];
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/devices`);
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    expect(path(page)).toBe('/devices');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    const table = page.getByRole('table', { name: 'Device types' });
    await table.getByRole('cell', { name: types[0]?.name as string, exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(types.length);

    const chosen = await chooseCommand(page, 'Dimmer (D)', command.value);
    await chosen.getByRole('cell', { name: command.description, exact: true }).waitFor();
    await chosen.getByRole('cell', { name: command.wlfCode, exact: true }).waitFor();
    // The choice is in the URL: a reload (or a link) shows the same command.
    await expect.poll(() => new URL(page.url()).search).toBe(`?type=2&command=${command.deviceTypeValueId}`);
    await page.reload();
    await page
      .getByRole('table', { name: 'Chosen command' })
      .getByRole('cell', { name: command.description, exact: true })
      .waitFor();
    expect(path(page)).toBe('/devices');
    await context.close();
  });
});

describe('/profile', () => {
  it('shows the signed-in user and the device list', async () => {
    const page = await signedInPage(browser(), stack, marketing);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => path(page)).toBe('/profile');
    const me = page.getByRole('table', { name: 'Signed in as' });
    await me.getByRole('cell', { name: marketing.name, exact: true }).waitFor();
    await me.getByRole('cell', { name: marketing.email, exact: true }).waitFor();
    await me.getByText('marketing', { exact: true }).waitFor();

    // A type chosen from its row of the table, then a command.
    const switchType = types.find((t) => t.deviceTypeId === 1) as DeviceListRow;
    const switchCommands = ((await anyone.call('GET', '/api/devices?type=1')).json as DeviceWithCommands[])[0]
      ?.commands as DeviceWithCommands['commands'];
    await page
      .getByRole('table', { name: 'Device types' })
      .getByRole('button', { name: `Choose ${switchType.name}: ${switchType.commandCount} commands` })
      .click();
    const first = switchCommands[0] as DeviceWithCommands['commands'][number];
    const chosen = await chooseCommand(page, null, first.value);
    await chosen.getByRole('cell', { name: first.description, exact: true }).waitFor();
    await page.close();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/profile`);
    await expect.poll(() => path(page)).toBe('/login');
    await context.close();
  });
});
