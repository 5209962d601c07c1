import { describe, expect, it } from 'vitest';
import { initialUserFormValues, toStaffUserInput, validateUserForm } from './user-form.ts';

const base = { ...initialUserFormValues(null), name: 'Ada', email: 'ada@example.com' };

describe('validateUserForm', () => {
  it('wants matching passwords for a new user', () => {
    expect(
      validateUserForm({ ...base, password: 'kettle orbit', confirmPassword: 'kettle orbiT' }, false),
    ).toEqual({
      confirmPassword: 'Passwords not the same.',
    });
    expect(validateUserForm({ ...base, password: '', confirmPassword: '' }, false).password).toBe(
      'Password must be at least 8 characters.',
    );
  });

  it('lets an edit leave both passwords blank', () => {
    expect(validateUserForm(base, true)).toEqual({});
    expect(validateUserForm({ ...base, password: 'abc' }, true).confirmPassword).toBe(
      'Passwords not the same.',
    );
  });

  it('names roles it does not know', () => {
    expect(validateUserForm({ ...base, roles: 'support, wizard' }, true).roles).toBe('Unknown role: wizard');
  });
});

describe('toStaffUserInput', () => {
  it('sends the roles string tidied, and no password when an edit keeps it', () => {
    expect(toStaffUserInput({ ...base, roles: ' support,,dev ' }, true)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      roles: 'support,dev',
      active: true,
      requireOneTimeCode: true,
    });
  });

  it('sends the password when one is set', () => {
    expect(toStaffUserInput({ ...base, password: 'abc', confirmPassword: 'abc' }, true).password).toBe('abc');
  });
});
