import { formatRoles, isRole, parseRoles, type StaffUser, type StaffUserInput } from '@console/contracts';
import { messages, validateEmail, validateName, validateNewPassword } from '../../shared/forms/validation.ts';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** The comma-separated roles string of the analytics spec §6. */
  roles: string;
  active: boolean;
  requireOneTimeCode: boolean;
}

export function initialUserFormValues(user: StaffUser | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    confirmPassword: '',
    roles: user ? formatRoles(user.roles) : '',
    active: user?.active ?? true,
    requireOneTimeCode: user?.requireOneTimeCode ?? true,
  };
}

/** An existing user edited with both password fields blank keeps their password (core spec §5). */
function keepsPassword(values: UserFormValues, editing: boolean): boolean {
  return editing && values.password === '' && values.confirmPassword === '';
}

export function validateUserForm(
  values: UserFormValues,
  editing: boolean,
): Partial<Record<keyof UserFormValues, string>> {
  const errors: Partial<Record<keyof UserFormValues, string>> = {};
  const name = validateName(values.name);
  if (name) errors.name = name;
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (!keepsPassword(values, editing)) {
    const password = validateNewPassword(values.password);
    if (password) errors.password = password;
    if (values.confirmPassword !== values.password) errors.confirmPassword = messages.adminPasswordsNotSame;
  }
  const unknown = splitRoles(values.roles).filter((role) => !isRole(role));
  if (unknown.length > 0) errors.roles = `Unknown role: ${unknown.join(', ')}`;
  return errors;
}

export function toStaffUserInput(values: UserFormValues, editing: boolean): StaffUserInput {
  const input: StaffUserInput = {
    name: values.name.trim(),
    email: values.email.trim(),
    roles: formatRoles(parseRoles(values.roles)),
    active: values.active,
    requireOneTimeCode: values.requireOneTimeCode,
  };
  if (!keepsPassword(values, editing)) input.password = values.password;
  return input;
}

function splitRoles(roles: string): string[] {
  return roles
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role.length > 0);
}
