/**
 * The Temp and Energy panels and the ping monitor of a WFL's All Details on /support, in Debian's
 * Chromium: the real auth, search, hub-control and gateway processes on real NATS, Postgres, Redis
 * and the Mongo-compatible server, over a world loaded into databases of this file's own. Nothing
 * is stood in. Also the status panel's timer and event counts from getTimerEvents, the other
 * panels of All Details with the world's data (All raw data shows the WFL's rows), and a poke from
 * the Poke panel ending in a lifecycle result: refused while the link is offline, then failed (no
 * node holds it) once online. That last test marks the link as pinged, so it runs last. Before it,
 * every on-demand per-WFL panel (Plist, Command log, Alexa, Hub, Link, Trigger, Log) opens on a WFL
 * with data for it, shows that data, and closes; and the status panel: Link Plus badge, a metadata
 * error from getMetaData, a 'LWRF Links' box expanded with its devices, and Reset Password reaching
 * 'Sent Failed' for an e-mail no longer there, then 'Sent Successfully' with the mail in the
 * captured mailbox.
 */
import { AUTH_TEXT, GEN1_TEXT } from '@console/contracts';
import { waitForMail } from '@console/kit/testing';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let pool: pg.Pool;
const sue = { email: '', password: 'wfl-readings-1', name: 'Sue Support' };

/** A WFL with both a heating device and an energy device that have latest readings. */
interface Target {
  email: string;
  wfl_id: number;
  temp_serial: string;
  current_temp: number;
  energy_serial: string;
  total_day_use: number;
  mac: string;
  timers: number;
  events: number;
}
let target: Target;

beforeAll(async () => {
  stack = await startWorldStack('e2ewflread', 37, 150, {
    poolSize: 2,
    services: ['auth', 'search', 'hub-control', 'gateway'],
    // The world ends three days ago, so its newest readings are old enough to be marked.
    now: Date.now() - 3 * 86_400_000,
  });
  pool = stack.world.pool;
  const found = await pool.query<Target>(`
    select u.email, w.wfl_id::int, t.serial as temp_serial, t.current_temp::float8 as current_temp,
      e.serial as energy_serial, e.total_day_use::float8 as total_day_use, w.mac,
      (select count(*)::int from timers x where x.mac = w.mac and x.kind = 'timer') as timers,
      (select count(*)::int from timers x where x.mac = w.mac and x.kind = 'event') as events
    from wfls w join users u on u.user_id = w.user_id
      join devices dt on dt.wfl_id = w.wfl_id and dt.device_type_id = 9
      join latest_temperature t on t.serial = dt.serial and t.mac = w.mac
      join devices de on de.wfl_id = w.wfl_id and de.device_type_id = 13
      join latest_energy e on e.serial = de.serial and e.mac = w.mac
    where (select count(*) from users x where x.email ilike '%' || u.email || '%') = 1
    order by w.wfl_id limit 1`);
  expect(found.rowCount).toBe(1);
  target = found.rows[0] as Target;
  await enrolStaff(stack, await signInAdmin(stack), 'support', sue);
}, 180_000);

/** Sue signed in, on /support with the target's account found. */
async function openSupport() {
  const context = await browser().newContext();
  const page = await signedInPage(context, stack, sue);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
  await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(target.email)}`);
  return { context, page };
}

describe("a WFL's readings panels", () => {
  it('show the latest temperature and energy of its devices, and the ping monitor polls when started', async () => {
    const { context, page } = await openSupport();
    // The status panel's counts come from the data monitor's getTimerEvents, by MAC.
    const counts = page.getByTestId('dm-timer-events').filter({ hasText: target.mac.slice(9) });
    await expect
      .poll(() => counts.textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`: ${target.timers} timers · ${target.events} events$`));
    const row = page.getByRole('row', { name: `WFL ${target.wfl_id}` });
    await row.getByRole('button', { name: 'All Details' }).click();

    const temp = page
      .getByRole('table', { name: 'Temp readings' })
      .getByRole('row')
      .filter({ hasText: target.temp_serial });
    await expect.poll(() => temp.textContent(), { timeout: 20_000 }).toContain(String(target.current_temp));
    const energy = page
      .getByRole('table', { name: 'Energy readings' })
      .getByRole('row')
      .filter({ hasText: target.energy_serial });
    await expect
      .poll(() => energy.textContent(), { timeout: 20_000 })
      .toContain(String(target.total_day_use));
    // The world ended three days ago: these readings are older than 24 h.
    expect(await energy.textContent()).toContain('older than 24 h');

    const monitor = page.getByRole('region', { name: 'Ping monitor' });
    const state = monitor.getByTestId('ping-monitor-state');
    expect(await state.textContent()).toMatch(/^stopped.* · 0 polls$/);
    await monitor.getByRole('button', { name: 'Monitor pings' }).click();
    await monitor.getByRole('button', { name: 'Monitoring (stop)' }).waitFor();
    // Polled once a second: several answers within a few seconds.
    await expect
      .poll(async () => Number(/(\d+) polls/.exec((await state.textContent()) ?? '')?.[1] ?? 0), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(3);
    await monitor.getByRole('button', { name: 'Monitoring (stop)' }).click();
    await monitor.getByRole('button', { name: 'Monitor pings' }).waitFor();
    expect(await state.textContent()).toMatch(/^stopped/);
    await context.close();
  }, 120_000);
});

/**
 * The on-demand panels, each with what it must show (SQL over the WFL `w` and its account `u`) and
 * when a WFL has data for it. A small world has no one WFL with data for every panel: each panel is
 * opened on the WFL that has data for the most panels, or failing that on one that has its own.
 */
const PANELS = [
  {
    button: 'Plist',
    title: 'Plist',
    has: 'exists (select 1 from wfl_plists p where p.wfl_id = w.wfl_id)',
    text: '(select value from wfl_plists p, json_each_text(p.plist::json) where p.wfl_id = w.wfl_id limit 1)',
  },
  {
    button: 'Command log',
    title: 'Command log',
    // More than a page, so that Load more has rows to load.
    has: '(select count(*) from api_command_log a where a.wfl_id = w.wfl_id) > 10',
    text: '(select action from api_command_log a where a.wfl_id = w.wfl_id order by time desc, id desc limit 1)',
  },
  {
    button: 'Alexa',
    title: 'Alexa discovered devices',
    has: 'exists (select 1 from alexa_discovered x where x.user_id = u.user_id and x.error is not null)',
    text: '(select auth_user_id from alexa_discovered x where x.user_id = u.user_id)',
  },
  { button: 'Hub', title: 'Hub', has: 'true', text: 'w.serial' },
  { button: 'Link', title: 'Link', has: 'true', text: 'u.email' },
  {
    button: 'Trigger',
    title: 'Trigger',
    has: 'exists (select 1 from wfl_triggers t where t.wfl_id = w.wfl_id)',
    text: '(select name from wfl_triggers t where t.wfl_id = w.wfl_id order by id limit 1)',
  },
  {
    button: 'Log',
    title: 'Log',
    has: 'exists (select 1 from wfl_logs l where l.wfl_id = w.wfl_id)',
    text: '(select text from wfl_logs l where l.wfl_id = w.wfl_id order by time desc, id desc limit 1)',
  },
] as const;

interface PanelTarget {
  email: string;
  wfl_id: number;
  text: string;
  api_total: number;
  alexa_error: string | null;
}

describe("a WFL's on-demand panels", () => {
  it('each opens from All Details with the world’s data and closes', async () => {
    const score = PANELS.map((p) => `(${p.has})::int`).join(' + ');
    const targets: [(typeof PANELS)[number], PanelTarget][] = [];
    for (const p of PANELS) {
      const found = await pool.query<PanelTarget>(`
        select u.email, w.wfl_id::int, ${p.text} as text,
          (select count(*)::int from api_command_log a where a.wfl_id = w.wfl_id) as api_total,
          (select error from alexa_discovered x where x.user_id = u.user_id) as alexa_error
        from wfls w join users u on u.user_id = w.user_id
        where ${p.has} and (select count(*) from users y where y.email ilike '%' || u.email || '%') = 1
        order by ${score} desc, w.wfl_id
        limit 1`);
      expect(found.rowCount, p.button).toBe(1);
      targets.push([p, found.rows[0] as PanelTarget]);
    }
    const context = await browser().newContext();
    const page = await signedInPage(context, stack, sue);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/supportPlus');
    let shown = 0;
    for (const [p, t] of targets) {
      if (t.wfl_id !== shown) {
        await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(t.email)}`);
        const row = page.getByRole('row', { name: `WFL ${t.wfl_id}` });
        await row.getByRole('button', { name: 'All Details' }).click();
        shown = t.wfl_id;
      }
      const details = page.getByRole('region', { name: `Details of WFL ${t.wfl_id}` });
      await details
        .getByRole('group', { name: 'WFL panels' })
        .getByRole('button', { name: p.button, exact: true })
        .click({ timeout: 20_000 });
      const panel = details.getByRole('region', { name: `${p.title} panel` });
      await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain(t.text);
      if (p.button === 'Command log') await commandLog(panel, t);
      if (p.button === 'Alexa' && t.alexa_error) {
        const error = panel.getByRole('alert');
        expect(await error.textContent()).toBe(t.alexa_error);
        // The error is shown in red.
        // Runs in the page: the tests' own types have no DOM, so the window is named by hand.
        type Win = { getComputedStyle(e: unknown): { color: string } };
        const colour = await error.evaluate((e) => (globalThis as unknown as Win).getComputedStyle(e).color);
        const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
        expect(r, colour).toBeGreaterThan(150);
        expect(Math.max(g, b), colour).toBeLessThan(120);
      }
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => panel.count()).toBe(0);
    }
    await context.close();

    /** The 8 columns, Load more when there are more than 10, Refresh, and the whole entry under All. */
    async function commandLog(panel: ReturnType<typeof page.getByRole>, t: PanelTarget) {
      const table = panel.getByRole('table', { name: 'Command log' });
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Action',
        'Time',
        'Type',
        'DeviceID',
        'Command Val',
        'Command Desc.',
        'Error',
        'All',
      ]);
      const rows = () => table.locator('tbody tr').count();
      expect(await rows()).toBe(10);
      await panel.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(rows, { timeout: 10_000 }).toBe(Math.min(20, t.api_total));
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(rows, { timeout: 10_000 }).toBe(10);
      await table.getByRole('button').first().click();
      const modal = page.getByRole('dialog');
      await expect.poll(() => modal.textContent(), { timeout: 10_000 }).toContain(`"action": "${t.text}"`);
      await page.keyboard.press('Escape');
      await expect.poll(() => modal.count()).toBe(0);
    }
  }, 180_000);
});

describe('the status panel', () => {
  it('shows the Link Plus badge, metadata errors, a WFL box with its devices, and sends a password reset', async () => {
    const gen2 = await stack.mongo.db.collection('users').findOne({ email: target.email.toLowerCase() });
    // A heating plan naming a device that does not exist: getMetaData reports it.
    await pool.query('insert into heating_plans (id, device_id, wfl_id) values (777777771, 777777772, $1)', [
      target.wfl_id,
    ]);
    const { context, page } = await openSupport();
    const panel = page.getByRole('region', { name: 'Status', exact: true });
    await panel
      .getByText(gen2 ? 'Link Plus user' : 'No Link Plus', { exact: true })
      .waitFor({ timeout: 20_000 });
    const errors = panel.getByRole('region', { name: 'Metadata errors' });
    await errors
      .getByText('Heating plan 777777771 names device 777777772, which does not exist.')
      .waitFor({ timeout: 20_000 });

    const box = panel.getByRole('region', { name: `LWRF Link ${target.wfl_id}` });
    await expect
      .poll(() => box.getByTestId('last-command').textContent(), { timeout: 20_000 })
      .not.toMatch(/…$/);
    await box.getByRole('button', { name: 'Expand' }).click();
    const energy = box.getByRole('table', { name: 'Energy devices' }).getByRole('row').filter({
      hasText: target.energy_serial,
    });
    await energy.waitFor({ timeout: 20_000 });
    expect(await energy.textContent()).not.toContain('never');
    await box
      .getByRole('table', { name: 'Heating devices' })
      .getByRole('row')
      .filter({ hasText: target.temp_serial })
      .waitFor();

    // The customer's e-mail changed since the page loaded: no such customer, the button says so.
    await pool.query("update users set email = 'gone-' || email where email = $1", [target.email]);
    await panel.getByRole('button', { name: 'Reset Password' }).click();
    await panel.getByRole('button', { name: 'Sent Failed' }).waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('alert').filter({ hasText: AUTH_TEXT.resetNoCustomer }).count()).toBe(1);
    await pool.query("update users set email = substr(email, 6) where email = 'gone-' || $1", [target.email]);

    const since = Date.now();
    await panel.getByRole('button', { name: 'Sent Failed' }).click();
    await panel.getByRole('button', { name: 'Sent Successfully' }).waitFor({ timeout: 30_000 });
    const mail = await waitForMail(stack.infra.MAILBOX_URL, target.email, /Reset your password/, { since });
    expect(mail.Text).toMatch(/\?token=[A-Za-z0-9_-]{20,}/);
    await context.close();
  }, 120_000);
});

describe("a WFL's All Details", () => {
  it('shows its panels with the world’s data, and a poke ends in a lifecycle result', async () => {
    const { context, page } = await openSupport();
    const row = page.getByRole('row', { name: `WFL ${target.wfl_id}` });
    await row.getByRole('button', { name: 'All Details' }).click();
    const details = page.getByRole('region', { name: `Details of WFL ${target.wfl_id}` });
    for (const title of ['Pings', 'Commands', 'Poke', 'All raw data'])
      await details.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 20_000 });

    await details.getByRole('button', { name: 'Show' }).click();
    const raw = details.getByLabel('Raw data');
    await expect.poll(() => raw.textContent(), { timeout: 10_000 }).toContain(`"mac": "${target.mac}"`);
    const zone = await pool.query<{ name: string }>('select name from zones where wfl_id = $1 limit 1', [
      target.wfl_id,
    ]);
    for (const z of zone.rows) expect(await raw.textContent()).toContain(`"name": ${JSON.stringify(z.name)}`);

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
