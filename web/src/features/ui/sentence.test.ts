import { describe, expect, it } from 'vitest';
import { sentence } from './sentence.ts';

describe('messages as sentences', () => {
  it('drops an "error:" prefix, capitalises and closes the sentence', () => {
    expect(sentence('error: Wrong code.')).toBe('Wrong code.');
    expect(sentence('invalid e-mail or password')).toBe('Invalid e-mail or password.');
    expect(sentence('Service timed out (504)')).toBe('Service timed out (504)');
    expect(sentence('  ', 'Sign-in failed.')).toBe('Sign-in failed.');
    expect(sentence(undefined)).toBe('Something went wrong.');
  });
});
