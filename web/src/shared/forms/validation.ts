import { emailProblem, nameProblem, passwordLengthProblem, STAFF_FORM_MESSAGES } from '@console/contracts';

/** The texts the specifications give for form errors (analytics spec §5), in one place. */
export const messages = {
  ...STAFF_FORM_MESSAGES,
  passwordsMustMatch: 'Passwords must match.',
  adminPasswordsNotSame: 'Passwords not the same.',
  adminInvalidForm: 'Invalid form..?',
  adminNoMessage: 'No message',
  deletionCancelled: 'Deletion cancelled.',
} as const;

// The staff form's rules are the auth service's own (contracts), checked here as the user types.
export function validateName(value: string): string | null {
  return nameProblem(value) ?? null;
}

export function validateEmail(value: string): string | null {
  return emailProblem(value) ?? null;
}

export function validateNewPassword(value: string): string | null {
  return passwordLengthProblem(value) ?? null;
}

export function validateConfirmation(value: string, password: string): string | null {
  return value === password ? null : messages.passwordsMustMatch;
}

/** The one-time code is exactly 6 digits. */
export function validateOneTimeCode(value: string): string | null {
  return /^[0-9]{6}$/.test(value.trim()) ? null : 'The code is 6 digits';
}
