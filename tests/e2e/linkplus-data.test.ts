/**
 * The feature-data screen (/linkplus-data, seed 002) in Debian's Chromium over the real auth, stats
 * and gateway processes and a small generated world: a datauser signs in, searches products, gets
 * the feature types of the Dimmer (L21), picks dimLevel, runs, sees the run's progress and then its
 * stats, exceptions and sampled values (equal to what `feature_history` holds), and the CSV arrives
 * in the captured mailbox. Another role is refused by the server. Get Stats for active links runs over
 * the features of links active in the last days only.
 */
import { type FeatureDataResult, parseDeviceId } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { mailedCsv, operationClient } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin, signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack, worldFleetEnv } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let dana: StaffUser;
let sam: StaffUser;
let sampled: string;

beforeAll(async () => {
  stack = await startWorldStack('e2elpdata', 7, 40, {
    services: ['auth', 'stats', 'simulator', 'hub-control', 'gateway'],
    // Slow enough to watch: a pause of 700 ms after every 2 features. The simulator runs the world's
    // first 25 hubs (quiet: no events of their own), the rest stay offline, for Query Live.
    env: {
      BACKFILL: 'off',
      REPORT_PAGE_ROWS: '2',
      REPORT_PAGE_PAUSE_MS: '700',
      ...worldFleetEnv(7, 40, 25),
    },
  });
  const admin = await signInAdmin(stack);
  dana = await createStaff(admin, 'datauser', 'Dana Data');
  sam = await createStaff(admin, 'support', 'Sam Support');
  // One dimLevel feature of an L21 gets 12 stored values in the sampled window (the stats service
  // has made feature_history in the world's database by now).
  // The first of all L21 dimLevel features in id order: the run examines features in that order.
  const dims: string[] = [];
  for (const p of await stack.mongo.db.collection('products').find({ productCode: 'L21' }).toArray()) {
    const s = await stack.mongo.db.collection('structures').findOne({ rootGroupId: p.rootGroupId });
    const features = (s?.features ?? {}) as Record<string, { attributes: { type: string } }>;
    dims.push(...(p.featureIds as string[]).filter((id) => features[id]?.attributes.type === 'dimLevel'));
  }
  sampled = dims.sort()[0] as string;
  const now = Date.now();
  for (let i = 0; i < 12; i++)
    await stack.world.pool.query(
      `insert into feature_history (feature_id, at, seq, hub_id, value, source) values ($1, $2, $3, 1, $4, 'event')`,
      [sampled, new Date(now - (i + 1) * 3600_000), i + 1, JSON.stringify({ level: 10 + i })],
    );
}, 240_000);

/** Searches the products, selects L21 and asks for its feature types. */
async function l21FeatureTypes(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('checkbox', { name: 'Select L21' }).check();
  await page.getByRole('button', { name: 'Get Feature Types' }).click();
}

/** /linkplus-data signed in as the data user, with L21's feature types asked for. */
async function openL21FeatureTypes(): Promise<Page> {
  const page = await signedInPage(browser(), stack, dana);
  await page.goto(`${stack.url}/linkplus-data`);
  await l21FeatureTypes(page);
  return page;
}

describe('/linkplus-data', () => {
  it('searches products, gets feature types, runs with progress, shows the results and mails the CSV', async () => {
    const page = await signedInPage(browser(), stack, dana);
    await page.goto(`${stack.url}/linkplus-data`);
    await page.getByRole('heading', { name: 'Link Plus Data', level: 1 }).waitFor();
    expect(await page.getByText('results are e-mailed').count()).toBe(1);

    await page.getByLabel('Filter').fill('L2');
    await l21FeatureTypes(page);
    await page.getByRole('checkbox', { name: /^L21 dimLevel \(\d+\)$/ }).check();
    await page.getByLabel('Max Features').fill('12');

    const since = Date.now();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const state = page.getByLabel('Run state');
    await expect
      .poll(() => state.textContent(), { timeout: 20_000 })
      .toMatch(/State: running.*Running for .*: [1-9]\d* of \d+ features/);
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => state.textContent(), { timeout: 60_000 }).toMatch(/State: idle · last ran /);

    const api = await page.request.get(
      `${stack.url}/api/linkplus-products/getFeatureDataByProductResult?featureData=all`,
    );
    const res = (await api.json()) as FeatureDataResult;
    const stat = res.result?.stats[0];
    expect(stat).toMatchObject({
      productCode: 'L21',
      featureType: 'dimLevel',
      featuresWithValues: 1,
      valuesSampled: 10,
    });
    const stats = page.getByLabel('Feature data stats');
    const s = stat as NonNullable<typeof stat>;
    await expect
      .poll(() => stats.getByRole('row').nth(1).textContent(), { timeout: 10_000 })
      .toBe(`L21dimLevel${s.featuresExamined}1${10}${s.exceptions}${s.links}—`);

    await page.getByRole('button', { name: 'Get Exceptions' }).click();
    await expect
      .poll(() => page.getByLabel('Feature data exceptions').getByRole('heading').textContent(), {
        timeout: 10_000,
      })
      .toBe(`Exceptions (${stat?.exceptions})`);
    await page.getByRole('button', { name: 'Get Feature Data' }).click();
    // The newest 10 of the 12 stored values, newest first.
    const newest = Array.from({ length: 10 }, (_, i) => JSON.stringify({ level: 10 + i })).join(' ');
    await expect
      .poll(
        () =>
          page.getByLabel('Feature data values').getByRole('row').filter({ hasText: sampled }).textContent(),
        { timeout: 10_000 },
      )
      .toContain(newest);
    await page.getByRole('button', { name: 'Get Features' }).click();
    await expect
      .poll(() => page.getByLabel('Feature ids').textContent(), { timeout: 15_000 })
      .toContain(sampled);

    const { lines } = await mailedCsv(
      stack.infra.MAILBOX_URL,
      dana.email,
      /^Report: Feature data by product/,
      {
        since: since,
        timeoutMs: 30_000,
      },
    );
    expect(lines).toHaveLength(1 + (stat?.featuresExamined ?? 0));
    expect(lines.find((l) => l.includes(sampled))).toContain(',10,');

    const support = await signInApi(stack, sam.email, sam.password);
    expect((await support.call('GET', '/api/linkplus-products/getFeatureDataByProductResult')).status).toBe(
      403,
    );
  });

  it('Query Live for missing: reads the features without stored values from their hubs, in the data user’s name', async () => {
    const page = await openL21FeatureTypes();
    await page.getByRole('checkbox', { name: /^L21 dimLevel \(\d+\)$/ }).check();
    await page.getByLabel('Max Features').fill('40');
    await page.getByLabel('Keep Feature Data').check();
    await page.getByLabel('Query Live for missing').check();
    const since = new Date();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const state = page.getByLabel('Run state');
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/State: running/);
    await expect.poll(() => state.textContent(), { timeout: 120_000 }).toMatch(/State: idle · last ran /);

    const res = (await (
      await page.request.get(
        `${stack.url}/api/linkplus-products/getFeatureDataByProductResult?featureData=all&exceptions=true`,
      )
    ).json()) as FeatureDataResult;
    const result = res.result;
    if (!result?.featureData) throw new Error('no feature data kept');
    // The run's own job does not show whom it reads for.
    expect(JSON.stringify(res.job)).not.toContain('runBy');
    const live = result.featureData.filter((f) => f.values[0]?.live);
    const stored = result.featureData.filter((f) => f.values.length && !f.values[0]?.live);
    const none = result.featureData.filter((f) => f.values.length === 0);
    expect(stored.map((f) => f.featureId)).toEqual([sampled]);
    expect(live.length).toBeGreaterThan(0);
    expect(none.length).toBeGreaterThan(0);
    expect(result.stats[0]?.liveValues).toBe(live.length);
    // Each feature without a value says why the hub gave none (its link is offline).
    for (const f of none)
      expect(
        result.exceptions?.find(
          (e) => e.featureId === f.featureId && e.reason.startsWith('Live read gave no value: '),
        ),
        f.featureId,
      ).toBeTruthy();
    // A live value is what the hub answers to a support engineer's own read of the feature.
    const support = await signInApi(stack, sam.email, sam.password);
    const first = live[0] as (typeof live)[number];
    const read = await support.call('POST', '/api/supportPlus/socket/feature-read', {
      featureId: first.featureId,
      linkId: first.linkId,
    });
    expect(read.status).toBe(200);
    expect((read.json as { items: { payload: { value: unknown } }[] }).items[0]?.payload.value).toEqual(
      first.values[0]?.value,
    );

    // Every hub read has its transaction and automatic support note in the data user's name.
    const txs = await stack.mongo.db
      .collection('transactions')
      .find({ tags: 'hub-control.featureLiveRead', startDate: { $gte: since } })
      .toArray();
    const liveHubs = new Set(live.map((f) => f.linkId));
    expect(new Set(txs.map((t) => t.hubId as number))).toEqual(liveHubs);
    for (const t of txs) expect(t.staff.email).toBe(dana.email);
    const notes = await stack.mongo.db
      .collection('supportnotes')
      .find({ userId: dana.email, notes: /ran Feature Data live read/ })
      .toArray();
    expect(notes.length).toBe(txs.length);

    // The screen marks the live values; the CSV says which came from a live read.
    await page.getByRole('button', { name: 'Get Feature Data' }).click();
    await expect
      .poll(
        () =>
          page
            .getByLabel('Feature data values')
            .getByRole('row')
            .filter({ hasText: first.featureId })
            .textContent(),
        { timeout: 10_000 },
      )
      .toContain('(live)');
    const { lines } = await mailedCsv(
      stack.infra.MAILBOX_URL,
      dana.email,
      /^Report: Feature data by product/,
      {
        since: since.getTime(),
        timeoutMs: 30_000,
      },
    );
    expect(lines[0]?.endsWith(',exception,liveRead')).toBe(true);
    expect(lines.find((l) => l.includes(first.featureId))).toMatch(/,live$/);
    expect(lines.filter((l) => l.endsWith(',failed'))).toHaveLength(none.length);

    // The live read is hub-control's internal operation: not an HTTP route, and for data users only.
    expect((await support.call('POST', '/internal/hub-control/feature-live-read', {})).status).toBe(404);
    const nc = await connect({ servers: stack.infra.NATS_URL.split(','), ...natsAuth() });
    try {
      const asSupport = await operationClient(nc, stack.prefix)('hub-control.featureLiveRead', {
        caller: { userId: sam.id, email: sam.email, name: sam.name, roles: ['support'], sessionId: 's' },
        body: { jobId: 'x', features: [{ featureId: first.featureId, linkId: first.linkId }] },
      });
      expect(asSupport).toMatchObject({ ok: false, error: { statusCode: 403 } });
    } finally {
      await nc.close();
    }
  }, 240_000);

  it('cancels a run: back to idle with who cancelled', async () => {
    const page = await openL21FeatureTypes();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const state = page.getByLabel('Run state');
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/State: running/);
    await page.getByRole('button', { name: 'Cancel Feature Data Run' }).click();
    await expect
      .poll(() => state.textContent(), { timeout: 10_000 })
      .toMatch(
        new RegExp(`State: idle.*The latest run ended: Cancelled by ${dana.email.replace('.', '\\.')}`),
      );
  });

  it('Get Stats for active links: only features on links active in the last days are examined', async () => {
    // One link active today, every other link last seen 100 days ago.
    const hubs = stack.mongo.db.collection('hubs');
    const active = parseDeviceId(sampled)?.linkId as number;
    await hubs.updateMany({}, { $set: { updatedDate: new Date(Date.now() - 100 * 86_400_000) } });
    await hubs.updateOne({ hubId: active }, { $set: { updatedDate: new Date() } });
    let onActive = 0;
    let all = 0;
    for (const p of await stack.mongo.db.collection('products').find({ productCode: 'L21' }).toArray()) {
      const s = await stack.mongo.db.collection('structures').findOne({ rootGroupId: p.rootGroupId });
      const features = (s?.features ?? {}) as Record<string, { attributes: { type: string } }>;
      const dims = (p.featureIds as string[]).filter((id) => features[id]?.attributes.type === 'dimLevel');
      all += dims.length;
      if (p.linkId === active) onActive += dims.length;
    }
    expect(onActive).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(onActive);

    const page = await openL21FeatureTypes();
    await page.getByRole('checkbox', { name: /^L21 dimLevel \(\d+\)$/ }).check();
    await page.getByLabel('Max Features').fill('200');
    await page.getByLabel('Active links in the last days').fill('7');
    const asked = page.waitForRequest((r) => r.url().endsWith('/runFeatureDataByProduct'));
    await page.getByRole('button', { name: 'Get Stats' }).click();
    expect((await asked).postDataJSON().options).toMatchObject({ activeDays: 7, maxFeatures: 200 });
    const state = page.getByLabel('Run state');
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/State: running/);
    await expect.poll(() => state.textContent(), { timeout: 120_000 }).toMatch(/State: idle · last ran /);
    const res = (await (
      await page.request.get(`${stack.url}/api/linkplus-products/getFeatureDataByProductResult`)
    ).json()) as FeatureDataResult;
    expect(res.result?.stats[0]).toMatchObject({
      productCode: 'L21',
      featureType: 'dimLevel',
      featuresExamined: onActive,
      links: 1,
    });
    await expect
      .poll(() => page.getByLabel('Feature data stats').getByRole('row').nth(1).textContent(), {
        timeout: 10_000,
      })
      .toMatch(new RegExp(`^L21dimLevel${onActive}1`));
  }, 180_000);
});
