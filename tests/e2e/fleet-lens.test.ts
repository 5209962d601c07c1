/**
 * The fleet lens in Debian's Chromium (issue 33): the real auth, gateway, fan-out, hub-control and
 * simulator processes on real NATS with JetStream, Redis and the Mongo-compatible server. The
 * simulator's error knob makes chosen hubs send `errorState true` logs (and `errorState false`
 * ones, which must not match); the test records every hub message the simulator sent on NATS, so
 * the counts on screen are compared with what was really sent.
 */
import { type SimHub, streamKey, streamNames, subjects } from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolOnFirstHub, type HubStack, startHubStack } from '../support/hub-stack.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'support-fleet-1', name: 'Flo Fleet' };
const EXPRESSION = "msg.class == 'log' && msg.items.exists(i, i.payload.message == 'errorState true')";

beforeAll(async () => {
  stack = await startHubStack({ hubs: 4, seed: 33 });
  const { admin } = await enrolOnFirstHub(stack, 'support', support);
  await stack.hubsConnected(admin);
}, 120_000);

const figure = (page: import('playwright-core').Page, label: string) =>
  page.locator(`[data-figure="${label}"]`).textContent();

describe('the fleet lens', () => {
  it('shows the hubs sending one error kind, counted as the simulator sent them, and opens a hub’s timeline at a match', async () => {
    const [a, b, c] = stack.fleet as [SimHub, SimHub, SimHub];
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/fleet`);
    await page.getByRole('heading', { name: 'Fleet lens' }).waitFor();

    // The live monitor's filters write the expression; then the error kind is added by hand.
    await page.getByRole('combobox', { name: 'Classes' }).click();
    await page.getByRole('option', { name: 'log', exact: true }).click();
    await page.keyboard.press('Escape');
    const box = page.getByRole('textbox', { name: 'Expression' });
    await expect.poll(() => box.inputValue()).toBe("msg.class == 'log'");
    await box.fill(EXPRESSION);
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => figure(page, 'Matches in total')).toBe('0');

    const sent = stack.watch(subjects(stack.prefix).hubMsgAny());
    const error = (hub: SimHub, errorState: boolean) =>
      stack.simControl('error', { hubId: hub.hubId, errorState });
    for (let i = 0; i < 3; i++) await error(a, true);
    for (let i = 0; i < 2; i++) await error(b, true);
    await error(c, false);
    await error(c, false);
    await error(c, true);

    // What the simulator sent that the expression asks for: its log notifications saying errorState true.
    const matching = () =>
      sent.filter((m) => {
        const e = m.json<{ class: string; items: { payload: { message?: string } }[] }>();
        return e.class === 'log' && e.items.some((i) => i.payload.message === 'errorState true');
      });
    await expect.poll(() => matching().length).toBe(6);
    await expect
      .poll(() => figure(page, 'Matches in total'), { timeout: 10_000 })
      .toBe(String(matching().length));
    // The two errorState false logs were sent too, and are not counted.
    expect(sent.filter((m) => m.string().includes('errorState false'))).toHaveLength(2);

    const hubs = page.getByRole('table', { name: 'Hubs matching most' });
    await expect
      .poll(async () =>
        (await hubs.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\t').slice(0, 2)),
      )
      .toEqual([
        [String(a.hubId), '3'],
        [String(b.hubId), '2'],
        [String(c.hubId), '1'],
      ]);
    const sample = page.getByRole('table', { name: 'Matching messages (sample)' });
    await expect.poll(() => sample.getByRole('row').count()).toBe(7);
    expect(await sample.getByText('log.add').count()).toBe(6);
    expect(await page.getByText('were not shown').count()).toBe(0);

    // The top hub's latest match opens its timeline at that entry, which is one of the matches.
    await hubs
      .getByRole('link', { name: new RegExp(`^Timeline of hub ${a.hubId} at its latest match`) })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/supportPlus/hub/${a.hubId}/timeline`);
    const seq = Number(new URL(page.url()).searchParams.get('seq'));
    const current = page.locator('[aria-current="true"]');
    await current.waitFor({ timeout: 15_000 });
    expect(await current.getAttribute('data-key')).toBe(streamKey(seq));
    const jsm = await jetstreamManager(stack.nc);
    const stored = await jsm.streams.getMessage(streamNames(stack.prefix).hubMsgs, { seq });
    expect(stored?.json()).toMatchObject({
      hubId: a.hubId,
      class: 'log',
      items: [{ payload: { message: 'errorState true', level: 'error' } }],
    });
    await page.close();
  });

  it('says where an expression fails, before anything runs', async () => {
    const page = await signedInPage(browser(), stack, support);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.goto(`${stack.url}/supportPlus/fleet`);
    await page.getByRole('textbox', { name: 'Expression' }).fill("msg.class == 'log' &&");
    await page.getByRole('button', { name: 'Run query' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The query did not run' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toMatch(/line 1, column \d+/);
    await page.close();
  });
});
