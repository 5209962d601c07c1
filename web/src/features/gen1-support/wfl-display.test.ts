import { describe, expect, it } from 'vitest';
import { shownMac } from './wfl-display.ts';

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
