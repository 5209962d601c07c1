import { describe, expect, it } from 'vitest';
import { AGE_LABELS, ageColumns, countByPeriod, isWeekly } from './grouping.ts';

describe('analytics grouping', () => {
  it('puts ages in the six columns of the spec, limits going to the older column', () => {
    expect(AGE_LABELS).toEqual(['< 1.5 d', '1.5–2.5 d', '2.5–8 d', '8–29 d', '29–85 d', '> 85 d']);
    expect(ageColumns([0, 1.49, 1.5, 2.5, 7.9, 8, 28, 29, 84.9, 85, 400])).toEqual([2, 1, 2, 2, 2, 2]);
  });

  it('counts per day with every day present, and per week from Mondays', () => {
    const daily = countByPeriod(
      ['2025-05-01T10:00:00Z', '2025-05-01T23:00:00Z', '2025-05-03T00:00:00Z'],
      '2025-05-01T00:00:00Z',
      '2025-05-04T00:00:00Z',
      false,
    );
    expect(daily).toEqual({
      xs: ['2025-05-01', '2025-05-02', '2025-05-03', '2025-05-04'],
      counts: [2, 0, 1, 0],
    });
    // 2025-05-01 is a Thursday: its week starts Monday 2025-04-28.
    const weekly = countByPeriod(
      ['2025-05-01T10:00:00Z', '2025-05-05T00:00:00Z'],
      '2025-05-01T00:00:00Z',
      '2025-05-06T00:00:00Z',
      true,
    );
    expect(weekly).toEqual({ xs: ['2025-04-28', '2025-05-05'], counts: [1, 1] });
  });

  it('groups weekly on auto only past 90 days, or when asked', () => {
    expect(isWeekly('auto', '2025-01-01T00:00:00Z', '2025-03-31T00:00:00Z')).toBe(false);
    expect(isWeekly('auto', '2025-01-01T00:00:00Z', '2025-04-02T00:00:00Z')).toBe(true);
    expect(isWeekly('weekly', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe(true);
    expect(isWeekly('daily', '2024-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe(false);
  });
});
