import { describe, expect, it } from 'vitest';
import * as rules from './validation.ts';

describe('form validation', () => {
  it('asks for a name', () => {
    expect(rules.validateName('  ')).toBe('A name is required');
    expect(rules.validateName('Ada')).toBeNull();
  });

  it('asks for an e-mail, then for a valid one', () => {
    expect(rules.validateEmail('')).toBe("What's your email address?");
    expect(rules.validateEmail('ada')).toBe("Doesn't look like a valid email.");
    expect(rules.validateEmail('ada@example')).toBe("Doesn't look like a valid email.");
    expect(rules.validateEmail('ada@example.com')).toBeNull();
  });

  it('wants passwords of at least 8 characters that match (the common-password check is the server’s)', () => {
    expect(rules.validateNewPassword('abcdefg')).toBe('Password must be at least 8 characters.');
    expect(rules.validateNewPassword('abcdefgh')).toBeNull();
    expect(rules.validateConfirmation('abd', 'abc')).toBe('Passwords must match.');
    expect(rules.validateConfirmation('abc', 'abc')).toBeNull();
  });

  it('takes a 6-digit code only', () => {
    expect(rules.validateOneTimeCode('12345')).not.toBeNull();
    expect(rules.validateOneTimeCode('12345a')).not.toBeNull();
    expect(rules.validateOneTimeCode(' 123456 ')).toBeNull();
  });

  it('keeps the admin form texts as specified', () => {
    expect(rules.messages.adminPasswordsNotSame).toBe('Passwords not the same.');
    expect(rules.messages.adminInvalidForm).toBe('Invalid form..?');
  });
});
