import { HUB_ACTION_TEXT } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, type HubControlHarness, startHubControl } from './harness.ts';

// A hub id that names nothing is a 404, told apart from a known link that is offline (409).
let h: HubControlHarness;
const support = () => h.caller(['support'], 'Sam Support');
const NOBODY = 999_999_999;

beforeAll(async () => {
  h = await startHubControl();
});
afterAll(async () => h?.close());

describe('an unknown hub id', () => {
  it('is reported as not found by hub actions, and nothing is recorded', async () => {
    const before = await h.db.collection('transactions').countDocuments();
    const e = failure(await h.call('hub-control.syncLink', support(), { linkId: NOBODY, forceSync: false }));
    expect(e).toMatchObject({ statusCode: 404, message: `There is no hub ${NOBODY}.` });
    expect(await h.db.collection('transactions').countDocuments()).toBe(before);
  });

  it('has no hub card', async () => {
    const e = failure(await h.call('hub-control.hub', support(), null, { hubId: String(NOBODY) }));
    expect(e.statusCode).toBe(404);
  });

  it('while a hub the fleet knows, offline, is still "not connected" (409)', async () => {
    const id = h.fleet[1]?.hubId as number;
    await h.db.collection('hubs').insertOne({ hubId: id + 10_000 });
    const e = failure(
      await h.call('hub-control.syncLink', support(), { linkId: id + 10_000, forceSync: false }),
    );
    expect(e).toMatchObject({ statusCode: 409, message: HUB_ACTION_TEXT.offlineSync });
  });
});
