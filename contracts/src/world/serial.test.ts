import { describe, expect, it } from 'vitest';
import { firmwareBelow66, firmwareMajorMinor, isBadBatchSerial } from './serial.ts';

describe('isBadBatchSerial', () => {
  it('flags BC2B2, a digit 5–9 or A–D, then two hex digits, in any case', () => {
    for (const s of ['BC2B2500', 'BC2B29FF', 'bc2b2a1f', 'BC2B2D00', ' BC2B27c3 ']) {
      expect(isBadBatchSerial(s), s).toBe(true);
    }
  });
  it('leaves other serials alone', () => {
    for (const s of [
      'BC2B2400',
      'BC2B2E00',
      'BC2B2F12',
      'BC2B25G0',
      'BC2B25',
      'BC2B25000',
      'XBC2B2500',
      '',
    ]) {
      expect(isBadBatchSerial(s), s).toBe(false);
    }
    expect(isBadBatchSerial(null)).toBe(false);
    expect(isBadBatchSerial(undefined)).toBe(false);
  });
});

describe('firmwareBelow66', () => {
  it('is true below 6.6 in version order', () => {
    for (const v of ['5.9', '5.10', '6.0', '6.5', '6.5.9', 'v6.2', '1'])
      expect(firmwareBelow66(v), v).toBe(true);
  });
  it('is false from 6.6 up, including minors below 6 of later majors', () => {
    for (const v of ['6.6', '6.6.0', '6.10', '7.0', '7.2', '10.1']) expect(firmwareBelow66(v), v).toBe(false);
  });
  it('raises no flag for a version it cannot read', () => {
    for (const v of ['', 'beta', null, undefined]) expect(firmwareBelow66(v)).toBe(false);
  });
  it('reads major and minor', () => {
    expect(firmwareMajorMinor('3.38.0')).toEqual([3, 38]);
    expect(firmwareMajorMinor('V2.9')).toEqual([2, 9]);
    expect(firmwareMajorMinor('7')).toEqual([7, 0]);
  });
});
