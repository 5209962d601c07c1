import { describe, expect, it } from 'vitest';
import { expiryInWords, spanInWords } from './expiry-words.ts';

describe('expiry in words', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how long ago a token expired, or how long it has left, in the largest whole unit', () => {
    expect(expiryInWords('2026-11-20T11:00:00Z', now)).toBe('expired 3 days ago');
    expect(expiryInWords('2026-11-23T12:59:30Z', now)).toBe('expires in 59 minutes');
    expect(expiryInWords('2027-12-01T00:00:00Z', now)).toBe('expires in 1 year');
    expect(expiryInWords(null, now)).toBe('never expires (no exp claim)');
  });
  it('counts singular and plural and sub-second spans', () => {
    expect(spanInWords(3_600_000)).toBe('1 hour');
    expect(spanInWords(7_200_000)).toBe('2 hours');
    expect(spanInWords(300)).toBe('less than a second');
  });
});
