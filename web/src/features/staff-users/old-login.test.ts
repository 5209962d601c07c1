import { describe, expect, it } from 'vitest';
import { isOldLogin } from './old-login.ts';

describe('isOldLogin', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('marks logins more than 2 months old, and users who never logged in', () => {
    expect(isOldLogin({ lastLogin: '2025-04-14T12:00:00Z', oldLogin: false }, now)).toBe(true);
    expect(isOldLogin({ lastLogin: null, oldLogin: false }, now)).toBe(true);
  });

  it('leaves recent logins alone', () => {
    expect(isOldLogin({ lastLogin: '2025-04-16T12:00:00Z', oldLogin: false }, now)).toBe(false);
  });

  it('trusts the server when it says the login is old', () => {
    expect(isOldLogin({ lastLogin: '2025-06-14T12:00:00Z', oldLogin: true }, now)).toBe(true);
  });
});
