import { OLD_LOGIN_MONTHS, type StaffUser } from '@console/contracts';

/** A login older than 2 months, or none at all, is marked on the list (core spec §2 /admin). */
export function isOldLogin(user: Pick<StaffUser, 'lastLogin' | 'oldLogin'>, now: Date = new Date()): boolean {
  if (user.oldLogin || user.lastLogin === null) return true;
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - OLD_LOGIN_MONTHS);
  return new Date(user.lastLogin).getTime() < limit.getTime();
}
