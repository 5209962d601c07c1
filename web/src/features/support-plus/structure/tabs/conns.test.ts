import { describe, expect, it } from 'vitest';
import { formatDuration, withOffline } from './conns.ts';

const conn = (start: string, end: string) => ({ createdDate: start, removedDate: end });

describe('withOffline', () => {
  it('measures the gap before each connection and flags gaps over five minutes', () => {
    const rows = withOffline([
      conn('2025-01-01T12:00:00Z', '2025-01-01T13:00:00Z'),
      conn('2025-01-01T10:00:00Z', '2025-01-01T11:54:00Z'),
      conn('2025-01-01T08:00:00Z', '2025-01-01T09:55:00Z'),
    ]);
    expect(rows.map((r) => [r.offlineMs, r.longOffline])).toEqual([
      [6 * 60_000, true],
      [5 * 60_000, false],
      [null, false],
    ]);
  });
});

describe('formatDuration', () => {
  it('reads at a glance', () => {
    expect(formatDuration(12_000)).toBe('12s');
    expect(formatDuration(5 * 60_000 + 3000)).toBe('5m 3s');
    expect(formatDuration(4 * 3600_000 + 12 * 60_000)).toBe('4h 12m');
    expect(formatDuration(2 * 86400_000 + 3 * 3600_000)).toBe('2d 3h');
  });
});
