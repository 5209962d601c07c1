import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, isOnline, shownMac } from './format.ts';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

describe('legacy date formats', () => {
  it('shows epoch seconds as d/M/yy', () => {
    expect(formatDay(epoch(new Date(2024, 2, 5, 10, 0, 0)))).toBe('5/3/24');
    expect(formatDay(epoch(new Date(2009, 11, 31, 23, 59, 59)))).toBe('31/12/09');
    expect(formatDay(null)).toBe('—');
  });

  it('shows a moment as dd/MM/yy HH:mm:ss', () => {
    expect(formatTime(epoch(new Date(2024, 2, 5, 7, 8, 9)))).toBe('05/03/24 07:08:09');
    expect(formatTime(new Date(2023, 10, 30, 23, 1, 2).toISOString())).toBe('30/11/23 23:01:02');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime('garbage')).toBe('garbage');
  });
});

describe('MAC display', () => {
  it('hides the vendor prefix 74:0A:BC, whatever the spelling', () => {
    expect(shownMac({ mac: '74:0A:BC:12:34:5F' })).toBe('12:34:5F');
    expect(shownMac({ mac: '740abc12345f' })).toBe('12:34:5F');
  });

  it('shows another vendor’s MAC whole, and prefers what the server computed', () => {
    expect(shownMac({ mac: '10:0A:BC:12:34:5F' })).toBe('10:0A:BC:12:34:5F');
    expect(shownMac({ mac: '74:0A:BC:12:34:5F', macDisplay: '12:34:5F' })).toBe('12:34:5F');
  });
});

describe('hub status', () => {
  it('is online when the last ping is under 60 s old', () => {
    const now = 1_700_000_000_000;
    expect(isOnline(now / 1000 - 59, now)).toBe(true);
    expect(isOnline(now / 1000 - 60, now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
});
