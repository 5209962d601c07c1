import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatLocal,
  formatMedium,
  formatMomentMs,
  formatStamp,
  formatTimeOfDay,
} from './dates.ts';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const evening = new Date(2023, 10, 30, 23, 1, 2, 45);

describe('the one date-time format', () => {
  it('orders day, month and year as the locale does, always on the 24-hour clock', () => {
    expect(formatDateTime(evening, { locale: 'en-GB' })).toBe('30/11/2023, 23:01:02');
    expect(formatDateTime(evening, { locale: 'en-US' })).toBe('11/30/2023, 23:01:02');
    expect(formatDateTime(evening, { locale: 'de-DE' })).toBe('30.11.2023, 23:01:02');
    expect(formatDateTime(new Date(2024, 0, 2, 0, 5, 0), { locale: 'en-US', show: 'time' })).toBe('00:05:00');
    expect(formatDateTime(evening, { locale: 'en-US', show: 'date' })).toBe('11/30/2023');
    expect(formatDateTime(evening, { locale: 'en-GB', show: 'time', ms: true })).toBe('23:01:02.045');
  });

  it('names the zone when asked', () => {
    const zoned = formatDateTime(evening, { locale: 'en-GB', zone: true });
    expect(zoned).toMatch(/^30\/11\/2023, 23:01:02 \S+/);
  });

  it('shows the blank for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(Number.NaN, {}, '')).toBe('');
  });

  it('makes every named format from it, in the browser’s locale', () => {
    expect(formatStamp(epoch(evening))).toBe(formatDateTime(new Date(2023, 10, 30, 23, 1, 2)));
    expect(formatStamp(evening.toISOString())).toBe(formatDateTime(evening));
    expect(formatStamp(evening)).toMatch(/23:01:02/);
    expect(formatStamp(evening)).not.toMatch(/[AP]M/i);
    expect(formatDay(epoch(evening))).toBe(formatDateTime(evening, { show: 'date' }));
    expect(formatDate(evening.toISOString())).toBe(formatDateTime(evening, { show: 'date' }));
    expect(formatClock(evening.getTime())).toBe(formatDateTime(evening, { show: 'time', ms: true }));
    expect(formatMomentMs(evening.getTime())).toBe(formatDateTime(evening, { ms: true }));
    expect(formatTimeOfDay(evening.getTime())).toMatch(/^23:01:02$/);
    expect(formatLocal(evening.getTime())).toBe(formatDateTime(evening, { zone: true }));
    expect(formatMedium(evening.toISOString())).toBe(formatDateTime(evening, { zone: true }));
  });

  it('keeps what the server holds when it is not a date, and the caller’s blanks', () => {
    expect(formatStamp(undefined)).toBe('—');
    expect(formatStamp('garbage')).toBe('garbage');
    expect(formatDay(null)).toBe('—');
    expect(formatDate('nonsense')).toBe('—');
    expect(formatLocal(null, '')).toBe('');
    expect(formatLocal(undefined)).toBe('—');
    expect(formatMedium(null, 'Never')).toBe('Never');
    expect(formatMedium('not a date')).toBe('not a date');
  });
});
