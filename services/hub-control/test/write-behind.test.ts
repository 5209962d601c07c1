import type { HubActionResult } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { unpackStages } from '../src/actions/stage-docs.ts';
import type { StageDoc } from '../src/actions/waterfall.ts';
import { data, startHubControl } from './harness.ts';

/**
 * The waterfall's stages and the audit writer's transactions and notes are written behind the
 * action, gathered for a linger (STAGE_LINGER_MS, AUDIT_LINGER_MS). Here both lingers are a minute,
 * so nothing is written while the actions run: closing the instance must write every one of them.
 */
const h = useSuite(() => startHubControl({ STAGE_LINGER_MS: '60000', AUDIT_LINGER_MS: '60000' }));
const ACTIONS = 12;

describe('records written behind the action', () => {
  it('are all stored when the instance closes, none lost to the linger', async () => {
    const admin = h.caller(['admin'], 'Ada Admin');
    const results = await Promise.all(
      Array.from({ length: ACTIONS }, async (_, i) => {
        const linkId = (h.fleet[i % h.fleet.length] as { hubId: number }).hubId;
        return data<HubActionResult>(await h.call('hub-control.systemRead', admin, { linkId }));
      }),
    );
    expect(results.every((r) => r.success)).toBe(true);
    const ids = results.map((r) => r.transactionId);
    const stages = h.db.collection<StageDoc>('actionstages');
    const transactions = h.db.collection('transactions');
    const notes = h.db.collection('supportnotes');
    // Answered, and still gathering: nothing stored yet.
    expect(await stages.countDocuments({ transactionId: { $in: ids } })).toBe(0);
    expect(await transactions.countDocuments({ transactionId: { $in: ids } })).toBe(0);

    await h.app.close();

    for (const transactionId of ids) {
      const kinds = unpackStages(await stages.find({ transactionId }).sort({ at: 1 }).toArray()).map(
        (s) => s.kind,
      );
      expect(kinds).toEqual(expect.arrayContaining(['accepted', 'sent', 'response', 'audit']));
    }
    expect(await transactions.countDocuments({ transactionId: { $in: ids } })).toBe(ACTIONS);
    expect(await notes.countDocuments({})).toBe(ACTIONS);
  });
});
