import type { ActionWaterfall } from '@console/contracts';
import { WATERFALL_POLL_MS } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { AFTER_OUTCOME_MS, barOf, formatOffset, nextPoll, UNKNOWN_FOR_MS } from './waterfall-queries.ts';

const w = (state: ActionWaterfall['state'], lastAt: number): ActionWaterfall => ({
  transactionId: 1,
  correlationId: 'abcdefgh',
  hubId: 2,
  action: 'Feature Write',
  staff: 'Sam',
  state,
  cancelledBy: null,
  stages: [
    { kind: 'accepted', label: 'accepted', at: lastAt - 10, offsetMs: 0, late: false },
    { kind: 'sent', label: 'sent', at: lastAt, offsetMs: 10, late: false },
  ],
});

describe('nextPoll', () => {
  it('asks again within 500 ms while the action is pending or not recorded yet', () => {
    expect(WATERFALL_POLL_MS).toBeLessThanOrEqual(500);
    expect(nextPoll(w('pending', 0), 0, 60_000)).toBe(WATERFALL_POLL_MS);
    expect(nextPoll(undefined, 1000, 1000 + UNKNOWN_FOR_MS - 1)).toBe(WATERFALL_POLL_MS);
  });
  it('stops looking for an action that never shows, and a while after the outcome', () => {
    expect(nextPoll(undefined, 1000, 1000 + UNKNOWN_FOR_MS)).toBe(false);
    expect(nextPoll(w('replied', 5000), 0, 5000 + AFTER_OUTCOME_MS - 1)).toBe(WATERFALL_POLL_MS);
    expect(nextPoll(w('replied', 5000), 0, 5000 + AFTER_OUTCOME_MS)).toBe(false);
    expect(nextPoll(w('timedOut', 5000), 0, 5000 + AFTER_OUTCOME_MS)).toBe(false);
  });
});

describe('barOf and formatOffset', () => {
  it('places each bar at its offset, as wide as the gap to the next stage, never past the end', () => {
    expect(barOf(0, 50, 200)).toEqual({ left: 0, width: 25 });
    expect(barOf(150, 200, 200)).toEqual({ left: 75, width: 25 });
    // The last stage: a sliver at the end.
    expect(barOf(200, undefined, 200)).toEqual({ left: 99, width: 1 });
    // A waterfall of one stage (span 0) still draws.
    expect(barOf(0, undefined, 0)).toEqual({ left: 0, width: 1 });
  });
  it('reads offsets in ms below a second, in seconds above', () => {
    expect(formatOffset(0)).toBe('+0 ms');
    expect(formatOffset(12.4)).toBe('+12 ms');
    expect(formatOffset(2534)).toBe('+2.53 s');
  });
});
