/**
 * /devicetypes in Debian's Chromium: the real auth, search and gateway processes over a generated
 * world's Gen1 catalogue. Ten types a page as the API pages them, ctrl+→ / ctrl+← paging, each
 * type's values as the API lists them, and the server's 403 for a role without the screen.
 */
import type { DeviceTypePage, DeviceTypeValueRow } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin, signInApi } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let support: StaffUser;
let api: Client;

beforeAll(async () => {
  stack = await startWorldStack('e2edtypes', 3, 10);
  const admin = await signInAdmin(stack);
  support = await createStaff(admin, 'support', 'Dot Types');
  api = await signInApi(stack, support.email, support.password);
}, 180_000);

describe('/devicetypes', () => {
  it('pages the device types ten at a time with ctrl+arrows and shows a type’s values', async () => {
    const first = (await api.call('GET', '/api/support/devicetypes/10/0')).json as DeviceTypePage;
    expect(first.types.length).toBe(Math.min(10, first.total));
    expect(first.pages).toBeGreaterThan(1);
    const second = (await api.call('GET', '/api/support/devicetypes/10/1')).json as DeviceTypePage;

    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/devicetypes`);
    const table = page.getByRole('table', { name: 'Device types' });
    await table.getByRole('cell', { name: first.types[0]?.name as string, exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(first.types.length);
    await page.getByText(`Page 1 / ${first.pages} · ${first.total} types`).waitFor();

    await page.locator('body').press('Control+ArrowRight');
    await page.getByText(`Page 2 / ${first.pages}`, { exact: false }).waitFor();
    await table.getByRole('cell', { name: second.types[0]?.name as string, exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(second.types.length);
    await page.locator('body').press('Control+ArrowLeft');
    await page.getByText(`Page 1 / ${first.pages}`, { exact: false }).waitFor();

    const withValues = first.types.find((t) => t.values > 0);
    expect(withValues).toBeDefined();
    const id = withValues?.deviceTypeId as number;
    const values = (await api.call('GET', `/api/support/devicetypevalues/${id}`))
      .json as DeviceTypeValueRow[];
    await table
      .getByRole('row')
      .filter({ hasText: withValues?.name as string })
      .getByRole('button', { name: `${values.length} values` })
      .click();
    const shown = page.getByRole('table', { name: `Values of device type ${id}` });
    await shown.getByRole('cell', { name: values[0]?.description as string, exact: true }).waitFor();
    expect(await shown.locator('tbody tr').count()).toBe(values.length);
    await page.close();
  });

  it('is refused on the server without support or dev, and 404s an unknown type', async () => {
    const admin = await signInAdmin(stack);
    const data = await createStaff(admin, 'datauser', 'Dee Data');
    const client = await signInApi(stack, data.email, data.password);
    expect((await client.call('GET', '/api/support/devicetypes/10/0')).status).toBe(403);
    expect((await api.call('GET', '/api/support/devicetypevalues/999999')).status).toBe(404);
    expect((await api.call('GET', '/api/support/devicetypes/10/x')).status).toBe(400);
    expect((await api.call('GET', '/api/support/devicetypevalues/99999999999')).status).toBe(400);
  });
});
