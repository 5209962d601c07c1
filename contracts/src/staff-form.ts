import { PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The staff user form's rules, one copy for both ends: the signup, settings and admin forms check
 * them as the user types, and the auth service checks them again (adding what only it can know: a
 * taken e-mail, a common password). The texts are the specification's (seed 002 §5), verbatim.
 */
export const STAFF_FORM_MESSAGES = {
  nameRequired: 'A name is required',
  emailRequired: "What's your email address?",
  emailInvalid: "Doesn't look like a valid email.",
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;

// Deliberately loose: one @, something on each side, a dot in the domain. Delivery proves the rest.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function nameProblem(name: string): string | undefined {
  return name.trim() === '' ? STAFF_FORM_MESSAGES.nameRequired : undefined;
}

export function emailProblem(email: string): string | undefined {
  const e = email.trim();
  if (e === '') return STAFF_FORM_MESSAGES.emailRequired;
  if (e.length > 254 || !EMAIL.test(e)) return STAFF_FORM_MESSAGES.emailInvalid;
  return undefined;
}

/** A new password's length (a missing one is just the shortest too-short one); no composition rules. */
export function passwordLengthProblem(password: string | undefined): string | undefined {
  return (password ?? '').length < PASSWORD_MIN_LENGTH ? STAFF_FORM_MESSAGES.passwordShort : undefined;
}
