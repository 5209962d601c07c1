import { describe, expect, it } from 'vitest';
import { backoffMs } from './rate-limit.ts';

describe('the wait on a much-tried account', () => {
  it('is nothing up to the threshold, then doubles up to the cap, never more', () => {
    expect([1, 5, 6, 7, 8, 9].map((n) => backoffMs(n, 5, 1000))).toEqual([0, 0, 250, 500, 1000, 1000]);
    expect(backoffMs(10_000, 5, 4000)).toBe(4000);
  });
});
