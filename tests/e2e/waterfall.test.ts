/**
 * The command waterfall in Debian's Chromium (issue 17, item 2): the real auth, search, simulator,
 * hub-control and gateway processes over a generated world whose first hubs the simulator runs
 * (FLEET=world), so the device dialog's features are the hub's. A feature write from the device
 * dialog shows its timed stages down to the hub's feature.event; against a hub that does not
 * answer it shows "sent", then "outcome unknown"; a pending write is cancelled from the panel and
 * the hub's late reply still shows, marked late. The hub card's System Read shows its panel too,
 * and so does a Gen1 poke from /support's Poke panel (the world's first WiFi links run in the
 * simulator as well), down to the link's reply and the audit record.
 */
import { type SimControlOp, simSubjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { wflsOf } from '@console/world';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { hubWithFeature, type SimulatedWorld } from '../support/simulated-hubs.ts';
import { startWorldStack, type WorldStack, worldFleetEnv } from '../support/world-stack.ts';

const WORLD: SimulatedWorld = { seed: 9, customers: 30, hubs: 8 };
const WFLS = 12;
let stack: WorldStack;
let nc: NatsConnection;
const browser = useChromium(() => stack?.stop());
const support = { email: '', password: 'waterfall-e2e-1', name: 'Wanda Waterfall' };

const target = () => hubWithFeature(WORLD);

const simControl = async (op: SimControlOp, body: unknown) =>
  (await nc.request(simSubjects(stack.prefix).control(op), JSON.stringify(body), { timeout: 3000 })).json();

beforeAll(async () => {
  stack = await startWorldStack('e2ewfall', WORLD.seed, WORLD.customers, {
    index: 'always',
    services: ['auth', 'search', 'simulator', 'hub-control', 'gateway'],
    env: {
      ...worldFleetEnv(WORLD.seed, WORLD.customers, WORLD.hubs),
      SIM_WFLS: String(WFLS),
      SIM_PRESENCE_REFRESH_S: '1',
      HUB_TIMEOUT_MS: '2500',
    },
  });
  nc = await connect({
    servers: stack.infra.NATS_URL.split(','),
    name: `e2e-waterfall-${stack.prefix}`,
    ...natsAuth(),
  });
  await enrolStaff(stack, await signInAdmin(stack), 'support', support, { requireOneTimeCode: true });
}, 240_000);

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
});

/** Opens the device dialog of the target feature and writes `value` after the typed 'ok'. */
async function writeFromDialog(page: Page, value: string) {
  const { hub, feature } = target();
  await page.goto(`${stack.url}/supportPlus/structure/${hub.rootGroupId}?tab=devices`);
  const device = page.getByRole('article', { name: /^Device / }).filter({ hasText: feature.deviceId });
  await device.getByRole('button', { name: /^Features \(\d+\)$/ }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  const row = dialog.getByRole('row').filter({ hasText: feature.featureId });
  await row.getByLabel(`Value for ${feature.name} (${feature.featureId})`).fill(value);
  await row.getByRole('button', { name: 'Send' }).click();
  const confirm = page.getByRole('dialog', { name: `Write ${value} to ${feature.name}` });
  await confirm.getByRole('textbox').fill('ok');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  return dialog.getByLabel('Command waterfall');
}

/**
 * With the target hub answering only after `delayMs`, writes `value` from the device dialog and
 * hands the waterfall panel and its page to `check`; the hub answers at once again afterwards.
 */
async function withSlowHub(
  delayMs: number,
  value: string,
  check: (panel: Locator, page: Page) => Promise<void>,
): Promise<void> {
  const { hub } = target();
  await simControl('slow', { hubId: hub.hubId, delayMs });
  try {
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await check(await writeFromDialog(page, value), page);
    await page.close();
  } finally {
    await simControl('slow', { hubId: hub.hubId, delayMs: 0 });
  }
}

const stageRows = (panel: ReturnType<Page['getByLabel']>) =>
  panel.getByRole('list', { name: 'Stages' }).locator('li');
const stageKinds = async (panel: ReturnType<Page['getByLabel']>) =>
  stageRows(panel).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-stage')));

describe('the command waterfall panel', () => {
  it('a feature write shows ≥ 4 timed stages ending in the resulting feature.event', async () => {
    const { hub } = target();
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    // The hub must be online before the write is sent.
    await expect
      .poll(
        async () =>
          (await page.request.get(`${stack.url}/api/supportPlus/hub/${hub.hubId}`))
            .json()
            .then((c) => c.presence?.connected),
        { timeout: 30_000 },
      )
      .toBe(true);
    const panel = await writeFromDialog(page, '1');
    await panel.getByLabel('Action state').filter({ hasText: 'replied' }).waitFor({ timeout: 20_000 });
    await panel
      .locator('li[data-stage="event"]')
      .filter({ hasText: 'feature.event' })
      .waitFor({ timeout: 20_000 });
    await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 20_000 });
    const kinds = await stageKinds(panel);
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    expect(kinds.slice(0, 3)).toEqual(['accepted', 'sent', 'response']);
    expect(kinds).toContain('event');
    // Each stage shows its offset from the first; they never go back in time.
    const offsets = await stageRows(panel).evaluateAll((lis) =>
      lis.map((li) => li.querySelector('[data-offset]')?.textContent ?? ''),
    );
    expect(offsets[0]).toBe('+0 ms');
    const ms = offsets.map((t) =>
      t.endsWith(' s') ? Number.parseFloat(t.slice(1)) * 1000 : Number.parseFloat(t.slice(1)),
    );
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
    expect(await panel.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await page.close();
  });

  it('the hub card shows the waterfall of its last action', async () => {
    const { hub } = target();
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    await page.getByRole('button', { name: 'Backup', exact: true }).click({ timeout: 30_000 });
    const panel = page.getByLabel('Command waterfall');
    await panel.getByLabel('Action state').filter({ hasText: 'replied' }).waitFor({ timeout: 20_000 });
    await panel.getByText(/^Backup · transaction \d+$/).waitFor();
    await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 20_000 });
    expect((await stageKinds(panel)).slice(0, 3)).toEqual(['accepted', 'sent', 'response']);
    await page.close();
  });

  it('a hub that does not answer: "sent", then "outcome unknown", nothing else from the hub', async () => {
    await withSlowHub(600_000, '0', async (panel) => {
      await panel.getByLabel('Action state').filter({ hasText: 'pending' }).waitFor({ timeout: 10_000 });
      await panel.locator('li[data-stage="sent"]').waitFor();
      await panel.getByRole('button', { name: 'Cancel' }).waitFor();
      await panel
        .getByLabel('Action state')
        .filter({ hasText: 'outcome unknown' })
        .waitFor({ timeout: 15_000 });
      await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 10_000 });
      expect(await stageKinds(panel)).toEqual(['accepted', 'sent', 'outcome-unknown', 'audit']);
      await panel.getByText('The hub did not answer in time').waitFor();
      expect(await panel.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    });
  });

  it('Cancel while pending records who cancelled; the late reply is still shown, marked late', async () => {
    const { hub } = target();
    await withSlowHub(1800, '1', async (panel, page) => {
      await panel.getByRole('button', { name: 'Cancel' }).click({ timeout: 10_000 });
      await panel.getByLabel('Action state').filter({ hasText: 'cancelled' }).waitFor({ timeout: 10_000 });
      await panel
        .locator('li[data-stage="cancelled"]')
        .filter({ hasText: `cancelled by ${support.name}` })
        .waitFor();
      // The dialog stopped waiting: the write's answer says the person cancelled it (issue 30: not
      // a failure).
      await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Cancelled by you:' }).waitFor();
      // The hub answers at 1.8 s: its reply and the feature.event show, marked late.
      await panel.locator('li[data-stage="response"][data-late="true"]').waitFor({ timeout: 15_000 });
      await panel.locator('li[data-stage="event"][data-late="true"]').waitFor({ timeout: 15_000 });
      await panel.getByText('Cancelled by you; a late reply').waitFor();
      expect(await page.getByText('The operation failed.').count()).toBe(0);
      // The transaction records it too.
      await expect
        .poll(
          async () =>
            (
              await stack.mongo.db
                .collection('transactions')
                .findOne({ hubId: hub.hubId, state: 'cancelled' })
            )?.error,
          {
            timeout: 15_000,
          },
        )
        .toBe(`cancelled by ${support.name}`);
    });
  });
});

describe('the waterfall panel beyond hub actions', () => {
  it('the hub card’s System Read shows its stages', async () => {
    const { hub } = target();
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    await page.getByRole('button', { name: 'Read system info' }).click({ timeout: 30_000 });
    const panel = page.getByLabel('Command waterfall');
    await panel.getByText(/^System Read · transaction \d+$/).waitFor({ timeout: 20_000 });
    await panel.getByLabel('Action state').filter({ hasText: 'replied' }).waitFor({ timeout: 20_000 });
    await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 20_000 });
    expect((await stageKinds(panel)).slice(0, 3)).toEqual(['accepted', 'sent', 'response']);
    await page.close();
  });

  it('a Gen1 poke shows its stages: accepted, sent, the link’s reply, the audit record', async () => {
    // A simulated WiFi link whose owner's e-mail finds only that owner on /support.
    const simulated = [...wflsOf(WORLD)].slice(0, WFLS);
    const pool = stack.world.pool;
    let link: { wfl_id: number; mac: string; email: string } | undefined;
    for (const w of simulated) {
      const same = await pool.query('select count(*)::int as n from users where email ilike $1', [
        `%${w.email}%`,
      ]);
      if (same.rows[0].n === 1) {
        link = { wfl_id: w.wfl_id, mac: w.mac, email: w.email };
        break;
      }
    }
    if (!link) throw new Error('no simulated WiFi link with a unique owner e-mail in this world');
    // The simulator's links ping rarely here: mark this one as just seen, so hub-control sends.
    await pool.query('update wfls set pingtime = extract(epoch from now())::int where wfl_id = $1', [
      link.wfl_id,
    ]);
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await page.goto(`${stack.url}/support?searchterm=${encodeURIComponent(link.email)}`);
    const row = page.getByRole('row', { name: `WFL ${link.wfl_id}` });
    await row.getByRole('button', { name: 'All Details' }).click({ timeout: 30_000 });
    const details = page.getByRole('region', { name: `Details of WFL ${link.wfl_id}` });
    const poke = details.locator('form').filter({ has: page.getByRole('button', { name: 'SEND' }) });
    await poke.getByLabel('Command string').fill('!R1D1F1', { timeout: 20_000 });
    await poke.getByRole('button', { name: 'SEND' }).click();
    const panel = details.getByLabel('Command waterfall');
    await panel.getByText(/^poke !R1D1F1 · transaction \d+$/).waitFor({ timeout: 20_000 });
    await panel.getByLabel('Action state').filter({ hasText: 'replied' }).waitFor({ timeout: 20_000 });
    await panel.locator('li[data-stage="audit"]').waitFor({ timeout: 20_000 });
    expect(await stageKinds(panel)).toEqual(['accepted', 'sent', 'response', 'audit']);
    await panel.locator('li[data-stage="response"]').filter({ hasText: 'reply ' }).waitFor();
    await page.close();
  });
});
