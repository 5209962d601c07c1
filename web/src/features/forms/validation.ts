import { PASSWORD_MIN_LENGTH } from '@console/contracts';

/** The texts the specifications give for form errors (analytics spec §5), in one place. */
export const messages = {
  nameRequired: 'A name is required',
  emailRequired: "What's your email address?",
  emailInvalid: "Doesn't look like a valid email.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordsMustMatch: 'Passwords must match.',
  adminPasswordsNotSame: 'Passwords not the same.',
  adminInvalidForm: 'Invalid form..?',
  adminNoMessage: 'No message',
  deletionCancelled: 'Deletion cancelled.',
} as const;

// Deliberately loose: one @, something on each side, a dot in the domain. The server decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateName(value: string): string | null {
  return value.trim() ? null : messages.nameRequired;
}

export function validateEmail(value: string): string | null {
  if (!value.trim()) return messages.emailRequired;
  return EMAIL.test(value.trim()) ? null : messages.emailInvalid;
}

export function validateNewPassword(value: string): string | null {
  return value.length >= PASSWORD_MIN_LENGTH ? null : messages.passwordTooShort;
}

export function validateConfirmation(value: string, password: string): string | null {
  return value === password ? null : messages.passwordsMustMatch;
}

/** The one-time code is exactly 6 digits. */
export function validateOneTimeCode(value: string): string | null {
  return /^[0-9]{6}$/.test(value.trim()) ? null : 'The code is 6 digits';
}
