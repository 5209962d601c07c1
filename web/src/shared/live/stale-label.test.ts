import { describe, expect, it } from 'vitest';
import { ageLabel } from './stale-label.ts';

describe('ageLabel', () => {
  it('says an age in its largest whole unit', () => {
    expect(ageLabel(-5)).toBe('0 s');
    expect(ageLabel(59_999)).toBe('59 s');
    expect(ageLabel(40 * 60_000 + 10_000)).toBe('40 min');
    expect(ageLabel(3 * 3_600_000)).toBe('3 h');
    expect(ageLabel(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 5 min');
    expect(ageLabel(50 * 3_600_000)).toBe('2 days');
  });
});
