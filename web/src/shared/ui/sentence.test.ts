import { describe, expect, it } from 'vitest';
import { failureOf, sentence } from './sentence.ts';

describe('messages as sentences', () => {
  it('drops an "error:" prefix, capitalises and closes the sentence', () => {
    expect(sentence('error: Wrong code.')).toBe('Wrong code.');
    expect(sentence('invalid e-mail or password')).toBe('Invalid e-mail or password.');
    expect(sentence('Service timed out (504)')).toBe('Service timed out (504)');
    expect(sentence('  ', 'Sign-in failed.')).toBe('Sign-in failed.');
    expect(sentence(undefined)).toBe('Something went wrong.');
  });

  it("splits a seed's failure into the seed's words as a title and the message as a sentence", () => {
    expect(failureOf('error: Wrong code.')).toEqual({ title: 'Error', text: 'Wrong code.' });
    expect(failureOf('Error: connection refused')).toEqual({ title: 'Error', text: 'Connection refused.' });
    expect(failureOf('Get user by email error: not found')).toEqual({
      title: 'Get user by email error',
      text: 'Not found.',
    });
    expect(failureOf('Delete user error: ')).toEqual({
      title: 'Delete user error',
      text: 'Something went wrong.',
    });
    expect(failureOf('error after success')).toEqual({ title: null, text: 'Error after success.' });
    expect(failureOf('Link is in ErrorState: yes')).toEqual({
      title: null,
      text: 'Link is in ErrorState: yes.',
    });
  });
});
