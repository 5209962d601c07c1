/**
 * A WFL's All Details on /support in Debian's Chromium: the real auth, search, hub-control and
 * gateway processes on real NATS, Postgres, Redis and the Mongo-compatible server, over a world
 * loaded into databases of this file's own. Checks that the panels are there with the world's
 * data (the All raw data panel shows the WFL's rows) and that a poke from the Poke panel ends in a
 * lifecycle result: refused while the link is offline, then failed (no node holds it) once online.
 */
import { GEN1_TEXT } from '@console/contracts';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let pool: pg.Pool;
const sue = { email: '', password: 'wfl-panels-1', name: 'Sue Support' };

/** A WFL with a zone, owned by an account whose email finds it alone. */
interface Target {
  email: string;
  wfl_id: number;
  mac: string;
  zone: string;
}
let target: Target;

beforeAll(async () => {
  stack = await startWorldStack('e2ewflpanels', 41, 120, {
    poolSize: 2,
    services: ['auth', 'search', 'hub-control', 'gateway'],
  });
  pool = stack.world.pool;
  const found = await pool.query<Target>(`
    select u.email, w.wfl_id::int, w.mac, z.name as zone
    from wfls w join users u on u.user_id = w.user_id join zones z on z.wfl_id = w.wfl_id
    where (select count(*) from users x where x.email ilike '%' || u.email || '%') = 1
    order by w.wfl_id limit 1`);
  expect(found.rowCount).toBe(1);
  target = found.rows[0] as Target;
  await enrolStaff(stack, await signInAdmin(stack), 'support', sue);
}, 180_000);

describe("a WFL's All Details", () => {
  it('shows its panels with the world’s data, and a poke ends in a lifecycle result', async () => {
    const context = await browser().newContext();
    const page = await signedInPage(context, stack, sue);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(target.email)}`);
    const row = page.getByRole('row', { name: `WFL ${target.wfl_id}` });
    await row.getByRole('button', { name: 'All Details' }).click();
    const details = page.getByRole('region', { name: `Details of WFL ${target.wfl_id}` });
    for (const title of ['Pings', 'Commands', 'Poke', 'All raw data'])
      await details.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 20_000 });

    await details.getByRole('button', { name: 'Show' }).click();
    const raw = details.getByLabel('Raw data');
    await expect.poll(() => raw.textContent(), { timeout: 10_000 }).toContain(`"mac": "${target.mac}"`);
    expect(await raw.textContent()).toContain(`"name": ${JSON.stringify(target.zone)}`);

    const poke = details.locator('form').filter({ has: page.getByRole('button', { name: 'SEND' }) });
    await poke.getByLabel('Command string').fill('!R1D1F1');
    await poke.getByRole('button', { name: 'SEND' }).click();
    // The world's links have not pinged lately: hub-control refuses before anything is queued.
    const alert = (title: string) =>
      details.locator('.mantine-Alert-root').filter({ has: page.getByText(title, { exact: true }) });
    await alert('Not sent').waitFor({ timeout: 30_000 });
    expect(await alert('Not sent').textContent()).toContain(GEN1_TEXT.offline);
    // Once it has pinged, the command is queued and sent; no connection node holds the link in this
    // stack (no simulator), so the send ends failed, not delivered.
    await pool.query('update wfls set pingtime = extract(epoch from now())::int where wfl_id = $1', [
      target.wfl_id,
    ]);
    await poke.getByRole('button', { name: 'SEND' }).click();
    await alert('Failed').waitFor({ timeout: 60_000 });
    expect(await alert('Failed').textContent()).toContain(GEN1_TEXT.unreachable);
    await context.close();
  }, 150_000);
});
