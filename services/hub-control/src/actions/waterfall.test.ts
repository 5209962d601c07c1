import { describe, expect, it } from 'vitest';
import { type StageDoc, toWaterfall } from './waterfall.ts';

const base = {
  transactionId: 7,
  correlationId: 'cid-12345',
  hubId: 9,
  action: 'Feature Write',
  staff: 'Sam',
};
const stage = (kind: StageDoc['kind'], at: number, extra: Partial<StageDoc> = {}): StageDoc => ({
  ...base,
  kind,
  label: kind,
  at: new Date(at),
  late: false,
  ...extra,
});

describe('toWaterfall', () => {
  it('is pending until a stage settles it, with offsets from the first stage', () => {
    const w = toWaterfall([stage('accepted', 1000), stage('sent', 1004)]);
    expect(w).toMatchObject({ ...base, state: 'pending', cancelledBy: null });
    expect(w.stages.map((s) => s.offsetMs)).toEqual([0, 4]);
  });

  it('takes the state from the first settling stage that is not late', () => {
    const w = toWaterfall([
      stage('accepted', 1000),
      stage('sent', 1001),
      stage('cancelled', 1200, { outcome: 'cancelled', detail: 'Carla' }),
      stage('response', 1800, { outcome: 'replied', late: true }),
    ]);
    expect(w.state).toBe('cancelled');
    expect(w.cancelledBy).toBe('Carla');
    expect(w.stages.at(-1)).toMatchObject({ kind: 'response', late: true, offsetMs: 800 });
  });

  it('says outcome unknown (timedOut) for a hub that did not answer', () => {
    const w = toWaterfall([
      stage('accepted', 0),
      stage('sent', 2),
      stage('outcome-unknown', 2502, { outcome: 'timedOut' }),
      stage('audit', 2510),
    ]);
    expect(w.state).toBe('timedOut');
    expect(w.stages.map((s) => s.kind)).toEqual(['accepted', 'sent', 'outcome-unknown', 'audit']);
  });
});
