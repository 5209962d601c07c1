import { describe, expect, it } from 'vitest';
import { hubIdFromSearch, hubIdHex } from './hub-id.ts';

describe('hub ids in hex', () => {
  it('reads an 8-character term starting with bc, any case, as a hex hub id', () => {
    expect(hubIdFromSearch('bc3197af')).toBe(3157366703);
    expect(hubIdFromSearch('BC3197AF')).toBe(3157366703);
    expect(hubIdFromSearch(' Bc000001 ')).toBe(0xbc000001);
  });
  it('reads anything else as not a hub id', () => {
    for (const t of ['bc3197a', 'bc3197af0', 'bd3197af', 'bc3197ag', '3157366703', 'user@bc.com', '']) {
      expect(hubIdFromSearch(t), t).toBeNull();
    }
    expect(hubIdFromSearch(undefined)).toBeNull();
  });
  it('writes a hub id in hex and back', () => {
    expect(hubIdHex(3157366703)).toBe('bc3197af');
    expect(hubIdFromSearch(hubIdHex(0xbcfedcba))).toBe(0xbcfedcba);
    expect(() => hubIdHex(-1)).toThrow(RangeError);
    expect(() => hubIdHex(1.5)).toThrow(RangeError);
    expect(hubIdHex(18446744073709551615n)).toBe('ffffffffffffffff');
    expect(() => hubIdHex(-1n)).toThrow(RangeError);
  });
});
