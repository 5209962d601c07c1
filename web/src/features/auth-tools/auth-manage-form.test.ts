import { describe, expect, it } from 'vitest';
import { dayText, yearAgo } from './auth-manage-form.ts';

describe('the auth manage dates', () => {
  it('defaults the to-date to the local day a year back, even just after local midnight', () => {
    // 00:30 local time: in any zone east of UTC the UTC day is still the day before.
    expect(yearAgo(new Date(2026, 10, 28, 0, 30))).toBe('2025-11-28');
    expect(yearAgo(new Date(2026, 0, 1, 23, 59))).toBe('2025-01-01');
  });
  it('shows an input day in the one date format, the day the input names', () => {
    const expected = new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(2025, 10, 28));
    expect(dayText('2025-11-28')).toBe(expected);
    expect(dayText('not a day')).toBe('not a day');
  });
});
