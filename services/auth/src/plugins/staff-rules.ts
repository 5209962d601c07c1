import {
  emailProblem,
  isRole,
  nameProblem,
  PASSWORD_RULE,
  passwordLengthProblem,
  type Role,
  STAFF_FORM_MESSAGES,
} from '@console/contracts';
import { isCommonPassword } from './common-passwords.ts';

/** The texts the console shows against form fields (seed 002 §5); tests compare them verbatim. */
export const MESSAGES = {
  ...STAFF_FORM_MESSAGES,
  emailTaken: 'That e-mail is already in use.',
  passwordCommon: `That password is one of the most common ones; choose another. ${PASSWORD_RULE}`,
} as const;

/** E-mail addresses are compared case-insensitively everywhere, so they are stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * NIST SP 800-63B: a minimum length and no commonly used password — no composition rules (no
 * "one digit, one symbol"), no forced rotation. A missing password is just the shortest too-short one.
 */
export function passwordProblem(password: string | undefined): string | undefined {
  const short = passwordLengthProblem(password);
  if (short) return short;
  return isCommonPassword(password ?? '') ? MESSAGES.passwordCommon : undefined;
}

/**
 * Per-field problems of a staff user, as the signup and admin forms show them. With
 * passwordRequired false (an admin editing) a blank password is fine: it keeps the current one.
 */
export function staffUserProblems(
  input: { name: string; email: string; password?: string | undefined },
  { passwordRequired = true } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = nameProblem(input.name);
  if (name) fields.name = name;
  const email = emailProblem(input.email);
  if (email) fields.email = email;
  const password = passwordRequired || input.password ? passwordProblem(input.password) : undefined;
  if (password) fields.password = password;
  return fields;
}

/**
 * Parses the comma-separated roles string of an admin form. Unlike parseRoles, which drops
 * unknown names (right for stored data), a form must hear about a typo rather than lose a role.
 */
export function parseRolesStrict(roles: string): { roles: Role[]; unknown: string[] } {
  const out: Role[] = [];
  const unknown: string[] = [];
  for (const raw of roles.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!isRole(name)) unknown.push(name);
    else if (!out.includes(name)) out.push(name);
  }
  return { roles: out, unknown };
}
