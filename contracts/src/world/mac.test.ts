import { describe, expect, it } from 'vitest';
import {
  displayMac,
  hasVendorPrefix,
  MAC_VENDOR_PREFIX,
  macFromSearch,
  normalizeMac,
  withVendorPrefix,
} from './mac.ts';

describe('MAC helpers', () => {
  it('normalizes common spellings to upper case with colons', () => {
    for (const m of [
      '74:0a:bc:12:34:5f',
      '74-0A-BC-12-34-5F',
      '740abc12345f',
      '740a.bc12.345f',
      ' 74:0A:BC:12:34:5F ',
    ]) {
      expect(normalizeMac(m), m).toBe('74:0A:BC:12:34:5F');
    }
    for (const m of ['74:0A:BC:12:34', '74:0A:BC:12:34:5G', '', 'hello'])
      expect(normalizeMac(m), m).toBeNull();
  });
  it('hides the vendor prefix in display and only that prefix', () => {
    expect(MAC_VENDOR_PREFIX).toBe('74:0A:BC');
    expect(displayMac('74:0A:BC:12:34:5F')).toBe('12:34:5F');
    expect(displayMac('740abc12345f')).toBe('12:34:5F');
    expect(displayMac('10:0A:BC:12:34:5F')).toBe('10:0A:BC:12:34:5F');
    expect(displayMac('not a mac')).toBe('not a mac');
    expect(hasVendorPrefix('74:0a:bc:00:00:01')).toBe(true);
    expect(hasVendorPrefix('12:0A:BC:00:00:01')).toBe(false);
  });
  it('turns what staff see back into the stored MAC', () => {
    expect(withVendorPrefix('12:34:5f')).toBe('74:0A:BC:12:34:5F');
    expect(withVendorPrefix('12345F')).toBe('74:0A:BC:12:34:5F');
    expect(withVendorPrefix('12:34')).toBeNull();
    expect(macFromSearch('12:34:5f')).toBe('74:0A:BC:12:34:5F');
    expect(macFromSearch('13-00-00-00-00-01')).toBe('13:00:00:00:00:01');
    expect(macFromSearch('12:34')).toBeNull();
  });
});
