/**
 * The live message monitor in Debian's Chromium, against the real gateway and auth processes,
 * real NATS with JetStream, Postgres, Redis and the captured mailbox.
 *
 * Stand-in: the hub is played by this test publishing hub envelopes on the hub's NATS subjects,
 * exactly as the simulator does, so the test knows each message the monitor should show (and
 * this file does not depend on the simulator). The gateway opens live topics only for hubs
 * hub-control knows, so hub-control runs too, over a database holding this hub's record.
 */
import { subjects } from '@console/contracts';
import { natsAuth, removeStreams } from '@console/kit';
import { infraEnv } from '@console/kit/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, signInPage, useChromium } from '../support/browser.ts';
import { enrolStaff, signInAdmin } from '../support/people.ts';
import { type Stack, startStack } from '../support/stack.ts';
import { tcpCut } from '../support/tcp-cut.ts';

let stack: Stack;
const browser = useChromium(teardown);
let nc: NatsConnection;
let mongo: MongoClient;
const support = { email: '', password: 'support-live-1', name: 'Sam Support' };
const HUB = '4660';
/** A hub with stored messages only (issue 30): its monitor must show them as it opens. */
const STORED_HUB = '4661';
let tx = 0;

function hubSays(
  direction: string,
  cls: string,
  operation: string,
  extra: Record<string, unknown> = {},
  hub = HUB,
) {
  tx += 1;
  const body = {
    version: '1.0',
    transactionId: tx,
    senderId: hub,
    direction,
    class: cls,
    operation,
    items: [],
  };
  nc.publish(
    subjects(stack.prefix).hubMsg(hub, direction as never, cls, operation),
    JSON.stringify({ ...body, ...extra }),
  );
}

beforeAll(async () => {
  const infra = infraEnv();
  const mongoUrl = (prefix: string) =>
    Object.assign(new URL(infra.MONGO_URL), { pathname: `/${prefix}` }).toString();
  stack = await startStack(infra, ['auth', 'hub-control', 'gateway'], (prefix) => ({
    MONGO_URL: mongoUrl(prefix),
  }));
  mongo = await new MongoClient(mongoUrl(stack.prefix)).connect();
  await mongo
    .db()
    .collection('hubs')
    .insertMany([{ hubId: Number(HUB) }, { hubId: Number(STORED_HUB) }]);
  nc = await connect({ servers: stack.infra.NATS_URL, ...natsAuth() });
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, 'support', support, { requireOneTimeCode: true });
});

/** After the browser has closed: the stack and what the file made beside it. */
async function teardown() {
  await stack?.stop();
  await mongo?.db().dropDatabase();
  await mongo?.close();
  if (nc) {
    await removeStreams(nc, stack.prefix);
    await nc.drain();
  }
}

describe('live message monitor', () => {
  it('shows a hub’s messages as they happen, filters, pauses and expands them', async () => {
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    await page.getByLabel('Hub id').fill('0x1234');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Hub 4660 (0x1234)' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();

    const stream = page.getByRole('log', { name: 'Stream' });
    // Each entry is the button that expands it (its 'Copy link' button beside it is not an entry).
    const entries = stream.locator('button[aria-expanded]');
    hubSays('request', 'system', 'read', { clientType: 'user', senderId: 'app-1' });
    hubSays('response', 'system', 'read', { clientType: 'user' });
    hubSays('notification', 'log', 'add', { message: 'Boot complete' });
    hubSays('notification', 'feature', 'write', { value: 21 });
    await stream.getByText('request system.read · user').waitFor();
    await expect.poll(() => entries.count()).toBe(4);
    const counters = page.getByRole('group', { name: 'Counters' });
    await expect
      .poll(() => counters.textContent())
      .toMatch(/Requests 1\s*Responses 1\s*Logs 1\s*Events 1\s*Notifications 2/);

    // Filtering is done by the gateway: the stream is re-filled with log messages only.
    await page.getByRole('combobox', { name: 'Classes' }).click();
    await page.getByRole('option', { name: 'log', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => entries.count()).toBe(1);
    await expect.poll(() => entries.first().textContent()).toContain('notification log.add');

    await page.getByRole('button', { name: 'Pause' }).click();
    for (let i = 0; i < 3; i++) hubSays('notification', 'log', 'add', { message: `while paused ${i}` });
    hubSays('request', 'system', 'read'); // filtered out by the gateway, never counted
    await page.getByText('3 new while paused').waitFor();
    expect(await entries.count()).toBe(1);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => entries.count()).toBe(4);

    await entries.first().click();
    const raw = stream.getByLabel('Raw JSON');
    await expect.poll(() => raw.textContent()).toContain('"message": "while paused 2"');
    expect(await raw.textContent()).toContain(
      `"subject": "${subjects(stack.prefix).hubMsg(HUB, 'notification', 'log', 'add')}"`,
    );
    await page.close();
  });

  it('opens with the stored messages shown at once: the replayed burst is not a live rate (issue 30)', async () => {
    // 80 stored messages: as one burst they once read as 40 msgs/s and switched to the summary.
    for (let i = 0; i < 80; i++)
      hubSays('notification', 'log', 'add', { message: `stored ${i}` }, STORED_HUB);
    await nc.flush();
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/supportPlus');
    // The JetStream stream has taken them before the monitor is opened.
    const stored = async () => {
      const jsm = await jetstreamManager(nc);
      const name = await jsm.streams.find(subjects(stack.prefix).hubMsgAll(STORED_HUB));
      const info = await jsm.streams.info(name, {
        subjects_filter: subjects(stack.prefix).hubMsgAll(STORED_HUB),
      });
      return Object.values(info.state.subjects ?? {}).reduce((a, b) => a + b, 0);
    };
    await expect.poll(stored).toBe(80);

    await page.getByLabel('Hub id').fill(STORED_HUB);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Open' }).click();
    const monitor = page.getByRole('region', { name: 'Live messages' });
    await monitor.waitFor();
    // From the moment the monitor is on the screen: its stored messages within a second.
    const opened = Date.now();
    const stream = monitor.getByRole('log', { name: 'Stream' });
    await stream.getByText('notification log.add').first().waitFor({ timeout: 1000 });
    const shownAfter = Date.now() - opened;
    console.log(
      `hub page with its monitor ${opened - clicked} ms after Open; stored messages shown ${shownAfter} ms after the monitor opened`,
    );
    expect(shownAfter).toBeLessThanOrEqual(1000);
    const summary = monitor.getByRole('switch', { name: 'Per-second summary' });
    expect(await summary.isChecked()).toBe(false);
    // Still the stream, not the summary, once the burst has passed and the rate has been measured.
    await new Promise((r) => setTimeout(r, 3500));
    expect(await summary.isChecked()).toBe(false);
    expect(await stream.getByText('notification log.add').count()).toBeGreaterThan(5);
    await page.close();
  });

  it('names the keys that changed since the previous entry of a kind, compares them, and ignores a key per user', async () => {
    const page = await signedInPage(browser(), stack, support, { oneTimeCode: true });
    await page.goto(`${stack.url}/supportPlus/hub/${HUB}`);
    await page.getByText('Live', { exact: true }).waitFor();
    const stream = page.getByRole('log', { name: 'Stream' });
    await page.getByRole('button', { name: 'Clear' }).click();
    const event = (value: number, seq: number) =>
      hubSays('notification', 'feature', 'event', {
        items: [{ itemId: 1, payload: { featureId: 'f-diff', value, seq } }],
      });
    event(10, 1);
    event(55, 2);
    const newest = stream.locator('[aria-expanded]').first();
    await expect
      .poll(() => newest.textContent(), { timeout: 10_000 })
      .toContain('notification feature.event');
    // The row's chips: the envelope's transactionId, and `value` and `seq` changed since the previous feature.event.
    await expect
      .poll(() => stream.getByLabel('Changed keys').first().textContent())
      .toBe('transactionIdvalueseq');

    await newest.click();
    const changes = stream.getByRole('table', { name: 'Changes' });
    await expect.poll(() => changes.textContent()).toContain('items.0.payload.value1055');
    // The structural diff is above the raw JSON, not under it (issue 30).
    const diffTop = (await changes.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const rawTop = (await stream.getByLabel('Raw JSON').first().boundingBox())?.y ?? 0;
    expect(diffTop).toBeLessThan(rawTop);
    expect(await changes.textContent()).toContain('items.0.payload.seq12');
    expect(await changes.textContent()).not.toContain('featureId');
    // transactionId and seq change every time: ignored for feature.event, they leave value alone on the row.
    for (const key of [/^transactionId/, /items\.0\.payload\.seq/])
      await changes.getByRole('row', { name: key }).getByRole('button', { name: 'Ignore' }).click();
    await expect.poll(() => stream.getByLabel('Changed keys').first().textContent()).toBe('value');
    await expect.poll(() => stream.getByLabel('Ignored keys').textContent()).toContain('items.0.payload.seq');
    // Kept for this user: a reload still leaves seq out.
    await page.reload();
    await page.getByText('Live', { exact: true }).waitFor();
    await expect
      .poll(
        () => page.getByRole('log', { name: 'Stream' }).getByLabel('Changed keys').first().textContent(),
        {
          timeout: 10_000,
        },
      )
      .toBe('value');
    await page.close();
  });

  it('says it is reconnecting while its socket is cut, then that it resumed with nothing missed', async () => {
    // The browser reaches the gateway through a relay the test cuts: the socket drops and every
    // reconnect is refused until it is restored, as when the gateway is restarted or the network fails.
    const relay = await tcpCut(stack.ports.gateway as number);
    const page = await browser().newPage();
    try {
      await signInPage(page, { ...stack, url: relay.url }, support, { oneTimeCode: true });
      await page.getByLabel('Hub id').fill('0x1234');
      await page.getByRole('button', { name: 'Open' }).click();
      const monitor = page.getByRole('region', { name: 'Live messages' });
      await monitor.getByText('Live', { exact: true }).waitFor();
      const counters = monitor.getByRole('group', { name: 'Counters' });
      const logs = async () => Number(/Logs (\d+)/.exec((await counters.textContent()) ?? '')?.[1]);
      // Settle the back-fill, then count from zero.
      hubSays('notification', 'log', 'add', { message: 'warm-up' });
      await expect.poll(logs).toBeGreaterThan(0);
      await monitor.getByRole('button', { name: 'Clear' }).click();
      hubSays('notification', 'log', 'add', { message: 'before the cut' });
      await expect.poll(logs).toBe(1);

      await relay.cut();
      await monitor.getByText(/^Stale since \d\d:\d\d:\d\d$/).waitFor();
      await monitor.getByText('The live stream is interrupted; reconnecting…').waitFor();
      await monitor.getByText(/^What is shown stopped at \d\d:\d\d:\d\d; it goes on from there/).waitFor();
      for (let i = 0; i < 3; i++) hubSays('notification', 'log', 'add', { message: `during the cut ${i}` });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await logs()).toBe(1);

      await relay.restore();
      await monitor
        .getByText(/^Reconnected after \d+ s and resumed where it stopped: nothing was missed\.$/)
        .waitFor({ timeout: 30_000 });
      await monitor.getByText('Live', { exact: true }).waitFor();
      // Gap-free and without repeats: exactly the three sent while it was cut, once each.
      await expect.poll(logs).toBe(4);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await logs()).toBe(4);
      expect(await monitor.getByText('The live stream is interrupted; reconnecting…').count()).toBe(0);
      expect(await monitor.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    } finally {
      await page.close();
      await relay.close();
    }
  });
});
