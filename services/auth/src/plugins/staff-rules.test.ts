import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  normalizeEmail,
  parseRolesStrict,
  passwordProblem,
  staffUserProblems,
} from './staff-rules.ts';

describe('form rules', () => {
  it('lower-cases and trims e-mail addresses', () => {
    expect(normalizeEmail('  Ada.Admin@Example.COM ')).toBe('ada.admin@example.com');
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
