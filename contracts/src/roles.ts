/**
 * Staff roles. A staff user's roles arrive as the comma-separated roles string of the
 * analytics specification (§6); `admin` sees everything.
 */
export const ROLES = [
  'admin',
  'dev',
  'support',
  'marketing',
  'datauser',
  'accounts',
  'stats',
  'linkDirect',
  'authData',
  'roleAdmin',
  'userAdmin',
  'license',
  'firmware',
  'supportAdmin',
] as const;

export type Role = (typeof ROLES)[number];

const known = new Set<string>(ROLES);

export function isRole(value: string): value is Role {
  return known.has(value);
}

/** Parses "admin, support,,dev" into ['admin','support','dev'], dropping unknown names and repeats. */
export function parseRoles(roles: string | readonly string[] | null | undefined): Role[] {
  const parts = typeof roles === 'string' ? roles.split(',') : (roles ?? []);
  const out: Role[] = [];
  for (const raw of parts) {
    const name = raw.trim();
    if (isRole(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

export function formatRoles(roles: readonly Role[]): string {
  return roles.join(',');
}

/**
 * Who may use something: a list of roles (any one suffices; `admin` always passes),
 * 'authenticated' (any signed-in staff user) or 'public'.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export function allows(access: Access, roles: readonly Role[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (access === 'authenticated') return true;
  if (roles.includes('admin')) return true;
  return access.some((role) => roles.includes(role));
}

/**
 * Who may link a customer's Philips Hue or Sonos account (/philipshue, /sonos and the gateway's
 * /link/*): the seed's third-party tools belong to support's customer work (seed 000 §1, §6), and
 * they take a customer's password, so never a role-less account.
 */
export const THIRD_PARTY_ACCESS: Access = ['support'];

/** Who may change their password on /settings (analytics spec §6: "shown for admin or support"). */
export const SETTINGS_ACCESS: Access = ['support'];

/** Where a user lands after signing in (core spec §2 /login). */
export function landingPath(roles: readonly Role[]): string {
  if (roles.includes('support')) return '/supportPlus';
  if (roles.includes('datauser')) return '/datamonitor';
  return '/';
}
