import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  isOldLogin,
  MESSAGES,
  monthsBefore,
  normalizeEmail,
  parseRolesStrict,
  passwordProblem,
  staffUserProblems,
} from './staff-rules.ts';

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
});

describe('form rules', () => {
  it('lower-cases and trims e-mail addresses', () => {
    expect(normalizeEmail('  Ada.Admin@Example.COM ')).toBe('ada.admin@example.com');
  });

  it('tells a missing e-mail from a malformed one', () => {
    expect(emailProblem('  ')).toBe("What's your email address?");
    for (const bad of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a da@example.com',
      'ada@@example.com',
    ]) {
      expect(emailProblem(bad), bad).toBe("Doesn't look like a valid email.");
    }
    expect(emailProblem('ada+console@mail.example.co.uk')).toBeUndefined();
  });

  it('wants at least 8 characters of password and no common one, with no composition rules (NIST 800-63B)', () => {
    expect(passwordProblem('abcdefg')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem(undefined)).toBe(MESSAGES.passwordShort);
    for (const common of ['password', 'Password', '12345678', 'iloveyou', 'QWERTYUIOP', '1qaz2wsx']) {
      expect(passwordProblem(common), common).toBe(MESSAGES.passwordCommon);
    }
    expect(MESSAGES.passwordCommon).toMatch(
      /^That password is one of the most common ones; choose another\./,
    );
    // Lower case only, spaces, or no letters at all are fine as long as it is long and uncommon.
    for (const fine of ['kettle orbit tram', 'zqxwvbnmlkjh', '8493021765', 'Ünïcödé-Wörter']) {
      expect(passwordProblem(fine), fine).toBeUndefined();
    }
  });

  it('lists every field problem at once, and a blank password only when it must be set', () => {
    expect(staffUserProblems({ name: '', email: 'x', password: '' })).toEqual({
      name: 'A name is required',
      email: "Doesn't look like a valid email.",
      password: 'Password must be at least 8 characters.',
    });
    expect(
      staffUserProblems({ name: 'Ada', email: 'a@b.co', password: '' }, { passwordRequired: false }),
    ).toEqual({});
    expect(
      staffUserProblems({ name: 'Ada', email: 'a@b.co', password: 'x' }, { passwordRequired: false }),
    ).toEqual({
      password: 'Password must be at least 8 characters.',
    });
  });

  it('parses the roles string, keeping typos to report them', () => {
    expect(parseRolesStrict(' support, admin,,support ,Stats,wizard')).toEqual({
      roles: ['support', 'admin'],
      unknown: ['Stats', 'wizard'],
    });
    expect(parseRolesStrict('')).toEqual({ roles: [], unknown: [] });
  });
});
