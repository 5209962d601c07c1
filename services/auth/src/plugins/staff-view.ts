import { isOldLogin, landingPath, type Me, parseRoles, type StaffUser } from '@console/contracts';

/** A staff_users row as pg returns it (bigserial arrives as a string). */
export interface StaffRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  roles: string;
  active: boolean;
  require_one_time_code: boolean;
  last_login: Date | null;
  created: Date;
  updated: Date;
}

export function toMe(row: StaffRow): Me {
  const roles = parseRoles(row.roles);
  return { id: row.id, name: row.name, email: row.email, roles, landing: landingPath(roles) };
}

export function toStaffUser(row: StaffRow, now = new Date()): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: parseRoles(row.roles),
    active: row.active,
    requireOneTimeCode: row.require_one_time_code,
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
    oldLogin: isOldLogin(row.last_login, now),
    created: row.created.toISOString(),
  };
}
