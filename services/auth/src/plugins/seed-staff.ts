import { formatRoles, parseRoles, type Role } from '@console/contracts';
import type pg from 'pg';
import { hashPassword } from './passwords.ts';
import { normalizeEmail, passwordProblem } from './staff-rules.ts';

export interface StaffSeed {
  email: string;
  name: string;
  password: string;
  /** Role names or the comma-separated roles string; unknown names are dropped. */
  roles: readonly Role[] | string;
  requireOneTimeCode?: boolean;
}

/**
 * Creates a staff user unless one with that e-mail exists (which is then left as it is, so a
 * password changed through the console survives a re-run). For demo and seed scripts: call
 * `migrate(pool)` first. Returns the user's id and whether this call created it.
 */
export async function ensureStaffUser(
  pool: pg.Pool,
  seed: StaffSeed,
): Promise<{ id: string; created: boolean }> {
  const email = normalizeEmail(seed.email);
  const problem = passwordProblem(seed.password);
  if (problem) throw new Error(`${email}: ${problem}`);
  const existing = await pool.query<{ id: string }>('select id from staff_users where email = $1', [email]);
  if (existing.rows[0]) return { id: existing.rows[0].id, created: false };

  const inserted = await pool.query<{ id: string }>(
    `insert into staff_users (name, email, password_hash, roles, require_one_time_code)
     values ($1, $2, $3, $4, $5) on conflict (email) do nothing returning id`,
    [
      seed.name,
      email,
      await hashPassword(seed.password),
      formatRoles(parseRoles(seed.roles)),
      seed.requireOneTimeCode ?? true,
    ],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
  // Another process inserted it between our two statements.
  const raced = await pool.query<{ id: string }>('select id from staff_users where email = $1', [email]);
  return { id: (raced.rows[0] as { id: string }).id, created: false };
}
