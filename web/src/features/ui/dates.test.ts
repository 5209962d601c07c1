import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDay,
  formatLocal,
  formatMedium,
  formatMomentMs,
  formatStamp,
} from './dates.ts';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

describe('dates', () => {
  it('shows Gen1 epoch seconds as d/M/yy', () => {
    expect(formatDay(epoch(new Date(2024, 2, 5, 10, 0, 0)))).toBe('5/3/24');
    expect(formatDay(epoch(new Date(2009, 11, 31, 23, 59, 59)))).toBe('31/12/09');
    expect(formatDay(null)).toBe('—');
  });

  it('shows a moment as dd/MM/yy HH:mm:ss from seconds, ISO text or a Date', () => {
    expect(formatStamp(epoch(new Date(2024, 2, 5, 7, 8, 9)))).toBe('05/03/24 07:08:09');
    expect(formatStamp(new Date(2023, 10, 30, 23, 1, 2).toISOString())).toBe('30/11/23 23:01:02');
    expect(formatStamp(new Date(2024, 1, 3, 4, 5, 6))).toBe('03/02/24 04:05:06');
    expect(formatStamp(undefined)).toBe('—');
    expect(formatStamp('garbage')).toBe('garbage');
  });

  it('shows a Support Plus day as dd/MM/yyyy', () => {
    expect(formatDate(new Date(2024, 1, 3, 4, 5, 6).toISOString())).toBe('03/02/2024');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('nonsense')).toBe('—');
  });

  it('shows live clock times to the millisecond', () => {
    expect(formatClock(new Date(2024, 0, 1, 9, 8, 7, 6).getTime())).toBe('09:08:07.006');
    // Milliseconds, not the Gen1 rows' epoch seconds (a timeline row showed the year 2073 that way).
    expect(formatMomentMs(new Date(2026, 10, 26, 13, 42, 40, 871).getTime())).toBe('26/11/26 13:42:40.871');
  });

  it('uses the caller’s blank for a missing local or medium date', () => {
    expect(formatLocal(null, '')).toBe('');
    expect(formatLocal(undefined)).toBe('—');
    expect(formatMedium(null, 'Never')).toBe('Never');
    expect(formatMedium('not a date')).toBe('not a date');
    expect(formatMedium('2025-06-15T12:00:00Z')).toMatch(/15 Jun 2025/);
  });
});
