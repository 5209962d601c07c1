import { describe, expect, it } from 'vitest';
import { hubHex, readHubId } from './hub-id.ts';

describe('hub ids', () => {
  it('shows numeric ids in hex and reads hex back', () => {
    expect(hubHex('4660')).toBe('1234');
    expect(hubHex('abc')).toBeNull();
    expect(readHubId(' 0x1234 ')).toBe('4660');
    expect(readHubId('4660')).toBe('4660');
    expect(readHubId('a.b')).toBeNull();
    expect(readHubId('')).toBeNull();
  });
});
