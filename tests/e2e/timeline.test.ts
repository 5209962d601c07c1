/**
 * The hub timeline in Debian's Chromium: the real auth, gateway, hub-control and simulator
 * processes on real NATS (the hub stream), Redis, the Mongo-compatible server and the captured
 * mailbox. A simulated hub's messages, an action sent through hub-control (its transaction and
 * automatic note), and an annotation typed on the page show in one time-ordered list; a copied
 * link opened by another staff member in a fresh browser context highlights the same entry, and
 * once the entry is removed from the stream the page says so and opens at the nearest kept one.
 */
import { type SimHub, streamNames, subjects } from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { enrolStaff, signInAdmin, staffClient } from '../support/people.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
let hub: SimHub;
const support = { email: '', password: 'support-timeline-1', name: 'Tom Timeline' };
const colleague = { email: '', password: 'support-timeline-2', name: 'Cleo Colleague' };

/** Every rendered row's source, key and time, top to bottom. */
const rowsOf = (page: Page) =>
  page.getByRole('list', { name: 'Timeline' }).evaluate((list) =>
    [...list.querySelectorAll('[data-key]')].map((r) => ({
      source: r.getAttribute('data-source') ?? '',
      key: r.getAttribute('data-key') ?? '',
      at: Number(r.getAttribute('data-at')),
      current: r.getAttribute('aria-current') === 'true',
      text: r.textContent ?? '',
    })),
  );

type RowOf = Awaited<ReturnType<typeof rowsOf>>[number];

/**
 * Every row of the list, top to bottom, scrolling it a screen at a time: the list draws only the
 * rows in view (and a few beyond), and the simulated hubs re-announce their presence every second,
 * so how many rows sit above an entry depends on how long the run took. Ends scrolled to the top.
 */
async function allRows(page: Page): Promise<RowOf[]> {
  const list = page.getByRole('list', { name: 'Timeline' });
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  const seen = new Map<string, RowOf>();
  for (let i = 0; i < 100; i++) {
    await page.waitForTimeout(60);
    for (const r of await rowsOf(page)) if (!seen.has(r.key)) seen.set(r.key, r);
    const atEnd = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight;
      return end;
    });
    if (atEnd) break;
  }
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  return [...seen.values()];
}

/** Scrolls the list from the top until `selector` (within it) is drawn; false if it never is. */
async function scrollToRow(page: Page, selector: string, text?: string): Promise<boolean> {
  const list = page.getByRole('list', { name: 'Timeline' });
  const row = () => {
    const l = list.locator(selector);
    return text ? l.filter({ hasText: text }) : l;
  };
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  for (let i = 0; i < 100; i++) {
    await page.waitForTimeout(60);
    if ((await row().count()) > 0) return true;
    const atEnd = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight / 2;
      return end;
    });
    if (atEnd) return (await row().count()) > 0;
  }
  return false;
}

beforeAll(async () => {
  stack = await startHubStack({ hubs: 2, seed: 7 });
  hub = stack.fleet[0] as SimHub;
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support);
  await enrolStaff(stack, admin, 'dev', colleague);
  await stack.hubsConnected(admin, [hub]);
  // Messages on the hub's subjects, then an action through hub-control (transaction + note).
  const s = subjects(stack.prefix);
  for (let i = 0; i < 5; i++) {
    stack.nc.publish(
      s.hubMsg(hub.hubId, 'notification', 'feature', 'event'),
      JSON.stringify({ class: 'feature', operation: 'event', senderId: hub.hubId, items: [{ value: i }] }),
    );
    await new Promise((r) => setTimeout(r, 20));
  }
  const engineer = await staffClient(stack, admin, 'support', 'Ari Action');
  const res = await engineer.call('POST', '/api/supportPlus/socket/system-read', {
    linkId: hub.hubId,
    admin: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await stack.waitFor(
    async () =>
      (await stack.mongo.db.collection('supportnotes').countDocuments({ customerId: hub.rootGroupId })) > 0,
    'the action’s note',
    { timeoutMs: 20_000 },
  );
}, 150_000);

describe('the hub timeline', () => {
  let link = '';
  let linkedKey = '';

  it('shows messages, an action with its outcome, a note and an annotation in time order', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}/timeline`);
    await page.getByRole('heading', { name: `Timeline of hub ${hub.hubId}` }).waitFor();

    const form = page.getByRole('form', { name: 'Add an annotation' });
    await form.getByLabel('Annotation').fill('Customer power-cycled the hub');
    await form.getByRole('button', { name: 'Annotate' }).click();
    const list = page.getByRole('list', { name: 'Timeline' });
    // The annotation is pinned 5 minutes back (the form's default): below the newest entries.
    await expect
      .poll(() => scrollToRow(page, '[data-source="annotation"]', 'Customer power-cycled the hub'), {
        timeout: 30_000,
      })
      .toBe(true);

    const rows = await allRows(page);
    const sources = new Set(rows.map((r) => r.source));
    for (const s of ['message', 'presence', 'action', 'note', 'annotation']) expect(sources, s).toContain(s);
    // Newest first, every row.
    for (let i = 1; i < rows.length; i++)
      expect((rows[i - 1] as { at: number }).at).toBeGreaterThanOrEqual((rows[i] as { at: number }).at);
    // The rows' styles (classes of their own stylesheet) apply: a source's badge is coloured.
    const badge = await list
      .locator('[data-source="message"] button span')
      .nth(1)
      .evaluate((el) => {
        const view = globalThis as unknown as {
          getComputedStyle(e: unknown): { backgroundColor: string; textTransform: string };
        };
        const cs = view.getComputedStyle(el);
        return { text: el.textContent, background: cs.backgroundColor, transform: cs.textTransform };
      });
    expect(badge.text).toBe('message');
    expect(badge.transform).toBe('uppercase');
    expect(badge.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(await scrollToRow(page, '[data-source="action"]')).toBe(true);
    const action = list.locator('[data-source="action"]').first();
    expect(await action.textContent()).toMatch(/replied.*system\.read.*success/);
    // The action opens to its record and its command waterfall: the stages from the gateway's
    // acceptance to the audit record, in time order.
    await action.getByRole('button', { expanded: false }).click();
    await action.locator('[data-waterfall-slot]').waitFor();
    const stages = action.getByLabel('Command waterfall').getByRole('list', { name: 'Stages' }).locator('li');
    await expect
      .poll(() => stages.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-stage'))), {
        timeout: 15_000,
      })
      .toEqual(['accepted', 'sent', 'response', 'audit']);

    // A feature event's link, as copied.
    expect(await scrollToRow(page, '[data-source="message"]', 'feature.event')).toBe(true);
    const message = list.locator('[data-source="message"]').filter({ hasText: 'feature.event' }).nth(1);
    linkedKey = (await message.getAttribute('data-key')) ?? '';
    await message.getByRole('button', { name: /^Copy link to entry/ }).click();
    const note = page.getByRole('alert').filter({ hasText: '/timeline?' });
    await note.waitFor();
    link = ((await note.textContent()) ?? '').replace(/^.*?(https?:\/\/\S+).*$/s, '$1');
    expect(link).toContain(`/supportPlus/hub/${hub.hubId}/timeline?epoch=`);
    expect(link).toContain(`seq=${Number(linkedKey.slice(1))}`);
  });

  it('boots from the early-start script: the session check and first requests are asked once, before the bundle runs', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}/timeline`);
    await page.getByRole('list', { name: 'Timeline' }).locator('[data-key]').first().waitFor();
    await page.locator('[aria-label="Timeline"]:not([aria-busy="true"]) [data-key]').first().waitFor();
    // The script ran (the gateway's CSP lets a same-origin script run) and the console took its
    // answers instead of asking again.
    expect(await page.evaluate('window.__consoleEarly instanceof Map')).toBe(true);
    const timeline = `/api/supportPlus/hub/${hub.hubId}/timeline?limit=300`;
    expect(asked.filter((u) => u === '/api/users/me')).toHaveLength(1);
    expect(asked.filter((u) => u === `${timeline}&only=stream`)).toHaveLength(1);
    expect(asked.filter((u) => u === timeline)).toHaveLength(1);
    await page.getByText(`Hello ${support.name}`).waitFor();
    await page.close();
  });

  it('opens a copied link in a fresh browser context at the same entry, highlighted', async () => {
    const page = await signedInPage(browser(), stack, colleague);
    // A dev lands on the main screen.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.goto(link);
    const row = page.locator(`[data-key="${linkedKey}"]`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('aria-current')).toBe('true');
    // Scrolled to: inside the list's visible box.
    const listBox = await page.getByRole('list', { name: 'Timeline' }).boundingBox();
    const rowBox = await row.boundingBox();
    expect(
      rowBox && listBox && rowBox.y >= listBox.y && rowBox.y + rowBox.height <= listBox.y + listBox.height,
    ).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'no longer kept' }).count()).toBe(0);
  });

  it('says so when the linked entry was removed, and opens at the nearest kept entry', async () => {
    const jsm = await jetstreamManager(stack.nc);
    await jsm.streams.deleteMessage(streamNames(stack.prefix).hubMsgs, Number(linkedKey.slice(1)), false);
    const page = await signedInPage(browser(), stack, colleague);
    // A dev lands on the main screen.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This entry is no longer kept' }).waitFor();
    await expect.poll(async () => (await rowsOf(page)).filter((r) => r.current).length).toBe(1);
    const rows = await rowsOf(page);
    const current = rows.find((r) => r.current);
    expect(current?.key).not.toBe(linkedKey);
    expect(current?.key).toMatch(/^s\d+$/);
    expect(rows.some((r) => r.key === linkedKey)).toBe(false);
    // The hole itself is a row.
    expect(rows.some((r) => r.source === 'gap' && r.text.includes('removed'))).toBe(true);
  });

  it('jumps to a time: the page opens there with the nearest entry highlighted', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}/timeline`);
    await page.locator('[data-key]').first().waitFor();
    // A minute from now, to the minute (the input's precision): the newest entries are nearest.
    const t = new Date(Date.now() + 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const local = `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}T${two(t.getHours())}:${two(t.getMinutes())}`;
    await page.getByLabel('Jump to a time').fill(local);
    await page.getByRole('button', { name: 'Jump', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('jump')).toBe(String(Date.parse(local)));
    await expect.poll(async () => (await rowsOf(page)).filter((r) => r.current).length).toBe(1);
    const rows = await rowsOf(page);
    expect(rows.findIndex((r) => r.current)).toBeLessThan(5);
    expect(await page.getByRole('alert').filter({ hasText: 'The linked entry' }).count()).toBe(0);
  });

  it('loads what arrived since with "Load newer", above, keeping the top entry where it was', async () => {
    // More entries than the list shows at once, so that it can keep its place.
    const s = subjects(stack.prefix);
    for (let i = 0; i < 40; i++)
      stack.nc.publish(
        s.hubMsg(hub.hubId, 'notification', 'feature', 'event'),
        JSON.stringify({ class: 'feature', operation: 'event', senderId: hub.hubId, items: [{ value: i }] }),
      );
    await stack.nc.flush();
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}/timeline`);
    const list = page.getByRole('list', { name: 'Timeline' });
    await page.locator('[aria-label="Timeline"]:not([aria-busy="true"]) [data-key]').first().waitFor();
    const top = (await rowsOf(page))[0] as RowOf;
    // A message after the page opened: only "Load newer" brings it.
    stack.nc.publish(
      s.hubMsg(hub.hubId, 'notification', 'feature', 'event'),
      JSON.stringify({
        class: 'feature',
        operation: 'event',
        senderId: hub.hubId,
        items: [{ value: 'late' }],
      }),
    );
    await stack.nc.flush();
    await page.waitForTimeout(300);
    expect((await rowsOf(page))[0]?.key).toBe(top.key);
    await page.getByRole('button', { name: 'Load newer' }).click();
    // The entry that was at the top is still at the top of the view, the newer ones above it.
    await expect.poll(() => list.evaluate((el) => el.scrollTop), { timeout: 15_000 }).toBeGreaterThan(0);
    const offset = await list.evaluate((el, key) => {
      const row = el.querySelector(`[data-key="${key}"]`);
      return row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : null;
    }, top.key);
    expect(offset).not.toBeNull();
    expect(Math.abs(offset as number)).toBeLessThan(40);
    const newer = (await allRows(page)).filter((r) => r.at > top.at || r.key === top.key);
    expect(newer.at(-1)?.key).toBe(top.key);
    expect(newer.some((r) => r.source === 'message' && r.text.includes('feature.event'))).toBe(true);
  });

  it('offers the same link from the live monitor’s stream', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    const stream = page.getByRole('log', { name: 'Stream' });
    await stream
      .getByRole('button', { name: /^Copy link to entry \d+$/ })
      .first()
      .waitFor({ timeout: 20_000 });
  });
});
