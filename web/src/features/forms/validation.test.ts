import { describe, expect, it } from 'vitest';
import {
  messages,
  validateConfirmation,
  validateEmail,
  validateName,
  validateNewPassword,
  validateOneTimeCode,
} from './validation.ts';

describe('form validation', () => {
  it('asks for a name', () => {
    expect(validateName('  ')).toBe('A name is required');
    expect(validateName('Ada')).toBeNull();
  });

  it('asks for an e-mail, then for a valid one', () => {
    expect(validateEmail('')).toBe("What's your email address?");
    expect(validateEmail('ada')).toBe("Doesn't look like a valid email.");
    expect(validateEmail('ada@example')).toBe("Doesn't look like a valid email.");
    expect(validateEmail('ada@example.com')).toBeNull();
  });

  it('wants passwords of at least 3 characters that match', () => {
    expect(validateNewPassword('ab')).toBe('Password must be at least 3 characters.');
    expect(validateNewPassword('abc')).toBeNull();
    expect(validateConfirmation('abd', 'abc')).toBe('Passwords must match.');
    expect(validateConfirmation('abc', 'abc')).toBeNull();
  });

  it('takes a 6-digit code only', () => {
    expect(validateOneTimeCode('12345')).not.toBeNull();
    expect(validateOneTimeCode('12345a')).not.toBeNull();
    expect(validateOneTimeCode(' 123456 ')).toBeNull();
  });

  it('keeps the admin form texts as specified', () => {
    expect(messages.adminPasswordsNotSame).toBe('Passwords not the same.');
    expect(messages.adminInvalidForm).toBe('Invalid form..?');
  });
});
