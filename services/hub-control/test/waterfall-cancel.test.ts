import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import type { StageDoc, Waterfall } from '../src/actions/waterfall.ts';
import { data, failure, startHubControl } from './harness.ts';

/**
 * Cancel before an action's first stage is stored (stages are written behind the action, one group
 * commit): on the real app, its Redis settle key and pub/sub, the stage store and the audit stream.
 * A flight begun here with no stage recorded yet is exactly that moment, held open.
 */
const h = useSuite(() => startHubControl());
let nextId = 9_000_000_000;
const flightOn = (w: Waterfall, action = 'Feature Write') => {
  const transactionId = nextId++;
  const caller = h.caller(['support'], 'Sam Support');
  const flight = w.begin({ transactionId, correlationId: `cid-${transactionId}`, hubId: 9, action, caller });
  return { transactionId, flight };
};
const stagesOf = (transactionId: number) =>
  h.db.collection<StageDoc>('actionstages').find({ transactionId }).sort({ at: 1 }).toArray();

describe('cancelling an action before its first stage is stored', () => {
  it('on the instance running it: the action stops waiting and the cancel is stored', async () => {
    const { transactionId, flight } = flightOn(h.app.waterfall);
    expect(await stagesOf(transactionId)).toEqual([]);
    const res = await h.call('hub-control.cancelAction', h.caller(['dev'], 'Carla Cancel'), null, {
      transactionId,
    });
    expect(data(res)).toMatchObject({ transactionId, cancelledBy: 'Carla Cancel' });
    await expect(flight.cancelled).resolves.toMatchObject({ name: 'Carla Cancel' });
    const stages = await stagesOf(transactionId);
    expect(stages.map((s) => [s.kind, s.label, s.action, s.staff, s.hubId])).toEqual([
      ['cancelled', 'cancelled by Carla Cancel', 'Feature Write', 'Sam Support', 9],
    ]);
    // A second cancel names who cancelled first.
    const again = await h.call('hub-control.cancelAction', h.caller(['dev'], 'Dan Dev'), null, {
      transactionId,
    });
    expect(failure(again)).toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/already cancelled by Carla Cancel/),
    });
  });

  it('on another instance: found once its first stage lands within the look-again', async () => {
    const other = await h.another();
    try {
      const { transactionId, flight } = flightOn(other.waterfall as Waterfall);
      // Its first stage lands 100 ms after the cancel first looks.
      setTimeout(() => void flight.record('accepted', 'accepted'), 100);
      const { by } = await h.app.waterfall.cancel(transactionId, h.caller(['dev'], 'Carla Cancel'));
      expect(by.name).toBe('Carla Cancel');
      // The running instance heard it over Redis pub/sub.
      await expect(flight.cancelled).resolves.toMatchObject({ name: 'Carla Cancel' });
      await h.waitUntil(async () => (await stagesOf(transactionId)).length === 2, 'both stages stored');
      expect((await stagesOf(transactionId)).map((s) => s.kind)).toEqual(['accepted', 'cancelled']);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for an action neither stored nor running anywhere, after the look-again', async () => {
    const t0 = Date.now();
    const res = await h.call('hub-control.cancelAction', h.caller(['dev'], 'Carla Cancel'), null, {
      transactionId: nextId++,
    });
    expect(failure(res).statusCode).toBe(404);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });
});
