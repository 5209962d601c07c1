import { describe, expect, it } from 'vitest';
import { emailProblem, nameProblem, passwordLengthProblem } from './staff-form.ts';

describe('staff form rules', () => {
  it('asks for a name', () => {
    expect(nameProblem('  ')).toBe('A name is required');
    expect(nameProblem('Ada')).toBeUndefined();
  });

  it('tells a missing e-mail from a malformed one', () => {
    expect(emailProblem('  ')).toBe("What's your email address?");
    for (const bad of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@example..com',
      'a da@example.com',
      'ada@@example.com',
      `${'a'.repeat(250)}@b.co`,
    ]) {
      expect(emailProblem(bad), bad).toBe("Doesn't look like a valid email.");
    }
    expect(emailProblem('ada+console@mail.example.co.uk')).toBeUndefined();
    expect(emailProblem(' ada@example.com ')).toBeUndefined();
  });

  it('wants at least 8 characters of password', () => {
    expect(passwordLengthProblem('abcdefg')).toBe('Password must be at least 8 characters.');
    expect(passwordLengthProblem(undefined)).toBe('Password must be at least 8 characters.');
    expect(passwordLengthProblem('abcdefgh')).toBeUndefined();
  });
});
