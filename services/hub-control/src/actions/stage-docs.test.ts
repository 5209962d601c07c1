import { describe, expect, it } from 'vitest';
import { packStages, unpackStages } from './stage-docs.ts';
import type { StageDoc } from './waterfall.ts';

const action = (transactionId: number) => ({
  transactionId,
  correlationId: `cid-${transactionId}`,
  hubId: 7,
  action: 'System Read',
  staff: 'Ada Admin',
});
const stage = (transactionId: number, kind: StageDoc['kind'], at: number, extra: Partial<StageDoc> = {}) => ({
  ...action(transactionId),
  kind,
  label: kind,
  at: new Date(at),
  late: false,
  ...extra,
});

describe('stage documents', () => {
  const batch: StageDoc[] = [
    stage(1, 'accepted', 100),
    stage(2, 'accepted', 101),
    stage(1, 'sent', 102),
    stage(1, 'response', 110, { outcome: 'replied' }),
    stage(2, 'cancelled', 120, { detail: 'Carla Cancel', outcome: 'cancelled' }),
    stage(1, 'audit', 110),
  ];

  it('packs one insert into one document per action, its first stage carrying the others', () => {
    const packed = packStages(batch);
    expect(packed.map((d) => [d.transactionId, d.kind, d.more?.map((s) => s.kind)])).toEqual([
      [1, 'accepted', ['sent', 'response', 'audit']],
      [2, 'accepted', ['cancelled']],
    ]);
    expect(packed[1]?.more?.[0]).toEqual({
      kind: 'cancelled',
      label: 'cancelled',
      at: new Date(120),
      late: false,
      detail: 'Carla Cancel',
      outcome: 'cancelled',
    });
  });

  it('reads back every stage with its action, in time order, a stage of the same instant after the one before it', () => {
    const later = packStages([stage(1, 'event', 105, { late: true })]);
    const stages = unpackStages([...packStages(batch).filter((d) => d.transactionId === 1), ...later]);
    expect(stages.map((s) => [s.kind, s.at.getTime(), s.outcome ?? null])).toEqual([
      ['accepted', 100, null],
      ['sent', 102, null],
      ['event', 105, null],
      ['response', 110, 'replied'],
      ['audit', 110, null],
    ]);
    expect(
      stages.every((s) => s.correlationId === 'cid-1' && s.staff === 'Ada Admin' && !('more' in s)),
    ).toBe(true);
    expect(stages[2]?.late).toBe(true);
  });
});
