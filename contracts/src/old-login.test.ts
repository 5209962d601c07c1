import { describe, expect, it } from 'vitest';
import { isOldLogin, monthsBefore } from './old-login.ts';

describe('old-login rule (logins older than 2 months are marked)', () => {
  const now = new Date('2025-05-31T12:00:00Z');

  it('marks a user who never signed in', () => {
    expect(isOldLogin(null, now)).toBe(true);
  });

  it('counts calendar months, clamping to the end of a shorter month', () => {
    expect(monthsBefore(now, 2).toISOString()).toBe('2025-03-31T12:00:00.000Z');
    expect(monthsBefore(new Date('2025-04-30T00:00:00Z'), 2).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(monthsBefore(new Date('2024-04-30T00:00:00Z'), 2).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(monthsBefore(new Date('2025-01-15T08:00:00Z'), 2).toISOString()).toBe('2024-11-15T08:00:00.000Z');
  });

  it('marks a login just over two months old, not one just under', () => {
    expect(isOldLogin(new Date('2025-03-31T11:59:59Z'), now)).toBe(true);
    expect(isOldLogin(new Date('2025-03-31T12:00:01Z'), now)).toBe(false);
    expect(isOldLogin(new Date('2025-05-30T00:00:00Z'), now)).toBe(false);
  });

  it('reads the API’s ISO strings as the service reads its dates', () => {
    expect(isOldLogin('2025-03-31T11:59:59Z', now)).toBe(true);
    expect(isOldLogin('2025-03-31T12:00:01Z', now)).toBe(false);
  });
});
