/**
 * Record / Replay from a hub screen in Chromium: the real auth, gateway, hub-control and simulator
 * processes on real NATS with JetStream, Postgres, Redis, the Mongo-compatible server and the
 * captured mailbox. A support user records a simulated hub's last minutes (downloaded as JSON
 * lines), uploads that file with a bad line (refused, line named), then the good file at 10×, and
 * opens the new hub it plays as.
 */
import { readFileSync } from 'node:fs';
import { parseRecording, SCRUB_RULES, type SimHub } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { enrolOnFirstHub, type HubStack, startHubStack } from '../support/hub-stack.ts';

let stack: HubStack;
const browser = useChromium(() => stack?.stop());
let hub: SimHub;
const support = { email: '', password: 'support-replay-1', name: 'Rudi Replay' };

beforeAll(async () => {
  stack = await startHubStack({ hubs: 2, seed: 9, env: { HUB_TIMEOUT_MS: '5000' } });
  const enrolled = await enrolOnFirstHub(stack, 'support', support);
  hub = enrolled.hub;
  const admin = enrolled.admin;
  // Some traffic to record: a system read through the gateway (its request and reply).
  const read = await admin.call('POST', '/api/supportPlus/socket/system-read', { linkId: hub.hubId });
  expect(read.status).toBe(200);
}, 120_000);

describe('Record / Replay on the hub screen', () => {
  it('downloads a scrubbed recording, refuses a bad upload, replays the good one as a new hub', async () => {
    const page = await signedInPage(browser(), stack, support);
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    await page.getByRole('heading', { name: new RegExp(`^Hub ${hub.hubId}`) }).waitFor();
    await page.getByRole('button', { name: 'Record / Replay' }).click();
    const dialog = page.getByRole('dialog', { name: `Record / Replay hub ${hub.hubId}` });
    await dialog.waitFor();
    // The scrub rules are listed as they are applied.
    for (const rule of SCRUB_RULES) await dialog.getByText(rule.what, { exact: true }).waitFor();

    await dialog.getByLabel('Last minutes').fill('5');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Record and download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^hub-${hub.hubId}-.*\\.jsonl$`));
    const text = readFileSync((await download.path()) as string, 'utf8');
    const { lines, problems } = parseRecording(text);
    expect(problems).toEqual([]);
    const kinds = lines.map((l) => `${l.message.direction}:${l.message.class}.${l.message.operation}`);
    expect(kinds).toEqual(expect.arrayContaining(['request:system.read', 'response:system.read']));
    await dialog
      .getByRole('status')
      .filter({ hasText: `Recorded ${lines.length} messages` })
      .waitFor();

    const file = dialog.locator('input[type=file]');
    await file.setInputFiles({
      name: 'bad.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(`${text}{"offsetMs":"soon"}\n`),
    });
    await dialog.getByRole('button', { name: 'Replay', exact: true }).click();
    await dialog
      .getByRole('list', { name: 'Bad lines' })
      .getByText(new RegExp(`^line ${lines.length + 1}: `))
      .waitFor();

    await file.setInputFiles({
      name: 'good.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(text),
    });
    await dialog.getByText('10×', { exact: true }).click();
    await expect.poll(() => dialog.getByRole('radio', { name: '10×' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Replay', exact: true }).click();
    const started = dialog
      .getByRole('status')
      .filter({ hasText: `Replaying ${lines.length} messages at 10× as hub` });
    await started.waitFor({ timeout: 15_000 });
    const link = started.getByRole('link');
    const newId = (await link.textContent())?.trim() ?? '';
    expect(newId).toMatch(/^[0-9]+$/);
    expect(newId).not.toBe(String(hub.hubId));
    await link.click();
    await page.getByRole('heading', { name: new RegExp(`^Hub ${newId}`) }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Its live monitor shows the replayed traffic (kept in the hub stream like any hub's).
    await page
      .getByRole('log', { name: 'Stream' })
      .getByText(/response system\.read/)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.close();
  }, 90_000);
});
