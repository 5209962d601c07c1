import { describe, expect, it } from 'vitest';
import { codeHash, generateCode, newAttemptId } from './one-time-codes.ts';

describe('one-time codes', () => {
  it('are six digits, zero-padded, and not all the same', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    // Leading zeros occur (about one code in ten), so the padding is exercised.
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('are stored as a hash bound to the sign-in attempt', () => {
    expect(codeHash('7', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(codeHash('7', '123456')).not.toBe(codeHash('8', '123456'));
    expect(codeHash('7', '123456')).toBe(codeHash('7', '123456'));
  });

  it('belong to attempt ids of 32 random bytes, never repeated', () => {
    const ids = Array.from({ length: 1000 }, newAttemptId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});
