import { transaction } from '@console/kit';
import type pg from 'pg';
import { hashPassword, randomPassword } from './passwords.ts';
import { normalizeEmail, passwordProblem } from './staff-rules.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@console.local';

export interface BootstrapOptions {
  email?: string | undefined;
  password?: string | undefined;
  name: string;
  requireOneTimeCode: boolean;
  /** Where a generated password is shown, once. */
  announce: (text: string) => void;
}

export type BootstrapResult = { created: false } | { created: true; email: string; generated: boolean };

/**
 * Gives an empty console its first admin: from BOOTSTRAP_ADMIN_* when set, otherwise with a
 * generated password shown once on stdout (no password lives in the code). Under an advisory
 * lock, so of several instances starting together exactly one creates it and one prints it.
 */
export async function bootstrapAdmin(pool: pg.Pool, opts: BootstrapOptions): Promise<BootstrapResult> {
  const email = normalizeEmail(opts.email || DEFAULT_ADMIN_EMAIL);
  const generated = !opts.password;
  const password = opts.password || randomPassword();
  const problem = passwordProblem(password);
  if (problem) throw new Error(`BOOTSTRAP_ADMIN_PASSWORD: ${problem}`);

  const created = await transaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', ['console.auth.bootstrap']);
    const { rows } = await client.query('select 1 from staff_users limit 1');
    if (rows.length > 0) return false;
    await client.query(
      `insert into staff_users (name, email, password_hash, roles, require_one_time_code)
       values ($1, $2, $3, 'admin', $4)`,
      [opts.name, email, await hashPassword(password), opts.requireOneTimeCode],
    );
    return true;
  });
  if (!created) return { created: false };
  // Only after the commit: a password is never shown for an account that does not exist.
  if (generated) opts.announce(banner(email, password, opts.requireOneTimeCode));
  return { created: true, email, generated };
}

export function banner(email: string, password: string, requireOneTimeCode: boolean): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    '  The staff console had no users, so a first admin was created.',
    `    e-mail:    ${email}`,
    `    password:  ${password}`,
    '  This password is shown this once only. Sign in and change it under Settings.',
    ...(requireOneTimeCode ? ['  Sign-in also asks for a one-time code, e-mailed to that address.'] : []),
    line,
    '',
    '',
  ].join('\n');
}
