import type { FailedCommand } from '@console/contracts';
import { operationClient, useSuite } from '@console/kit/testing';
import { emptyGen2, insertDocs } from '@console/world';
import { describe, expect, it } from 'vitest';
import { data, failure, type HubControlHarness, startHubControl } from './harness.ts';

/** Recent Failed Commands over what hub-control recorded (and an older record of the world's). */
const h = useSuite(() => startHubControl());
const support = () => h.caller(['support'], 'Sam Support');
const hub = (i: number) => h.fleet[i] as HubControlHarness['fleet'][number];
const ask = (caller: ReturnType<typeof support>, query: Record<string, unknown> = {}) =>
  operationClient(h.nc, h.prefix)('hub-control.recentFailedCommands', { caller, query });
const recent = async (query: Record<string, unknown> = {}) =>
  data<{ rows: FailedCommand[] }>(await ask(support(), query));

describe('recent failed commands', () => {
  it('lists what did not succeed, newest first: timed out, failed, and older failed records', async () => {
    // An older record of the world's, written as its loader and growth write them.
    const gen2 = emptyGen2();
    const at = new Date('2026-01-01T00:00:00Z');
    gen2.transactions.push({
      rootGroupId: 'old-home',
      linkId: 42,
      messages: [],
      tags: [],
      successList: [false],
      startDate: at,
      class: 'feature',
      operation: 'write',
      duration: 120,
      success: false,
      warning: false,
      firstMsgInfo: {},
      createdDate: at,
    });
    await insertDocs(h.db, [{ index: 1, gen2 }], at.getTime() / 1000);
    const d = hub(1).devices.find((x) => x.features.some((f) => f.type === 'switch'));
    const featureId = d?.features.find((f) => f.type === 'switch')?.featureId as string;
    // A switch takes 0 or 1: the hub refuses 7, so the action fails.
    const bad = await h.call('hub-control.featureWrite', support(), {
      featureId,
      value: 7,
      confirmation: 'ok',
    });
    expect(bad.ok).toBe(true);
    await h.call('hub-control.systemRead', support(), { linkId: hub(2).hubId });
    await h.simControl('slow', { hubId: hub(3).hubId, delayMs: 2500 });
    try {
      expect(
        failure(await h.call('hub-control.systemRead', support(), { linkId: hub(3).hubId })).statusCode,
      ).toBe(504);
    } finally {
      await h.simControl('slow', { hubId: hub(3).hubId, delayMs: 0 });
    }
    await h.waitUntil(
      async () => (await h.db.collection('transactions').countDocuments()) === 4,
      'records written',
    );

    const { rows } = await recent();
    expect(rows.map((r) => [r.linkId, r.state])).toEqual([
      [hub(3).hubId, 'timedOut'],
      [hub(1).hubId, 'failed'],
      [42, 'failed'],
    ]);
    expect(rows[0]).toMatchObject({ action: 'System Read', staff: 'sam@console.test' });
    expect(rows[1]?.error).toBeTruthy();
    expect(rows[2]).toMatchObject({ action: 'feature.write', rootGroupId: 'old-home', staff: null });
  });

  it('takes a limit (1 to 100, as a query string) and refuses other roles', async () => {
    expect((await recent({ limit: '1' })).rows).toHaveLength(1);
    expect(failure(await ask(support(), { limit: '101' })).statusCode).toBe(400);
    expect(failure(await ask(support(), { limit: 'x' })).statusCode).toBe(400);
    expect(failure(await ask(h.caller(['datauser'], 'Dana Data'))).statusCode).toBe(403);
  });
});
