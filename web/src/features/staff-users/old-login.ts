import { isOldLogin as olderThanTheRule, type StaffUser } from '@console/contracts';

/** Marked on the list when the server says so, or by the one old-login rule (contracts) as of now. */
export function isOldLogin(user: Pick<StaffUser, 'lastLogin' | 'oldLogin'>, now: Date = new Date()): boolean {
  return user.oldLogin || olderThanTheRule(user.lastLogin, now);
}
