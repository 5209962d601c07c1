import { OLD_LOGIN_MONTHS, type StaffUser } from '@console/contracts';

/** A login older than 2 months, or none at all, is marked on the list (core spec §2 /admin). */
export function isOldLogin(user: Pick<StaffUser, 'lastLogin' | 'oldLogin'>, now: Date = new Date()): boolean {
  if (user.oldLogin || user.lastLogin === null) return true;
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - OLD_LOGIN_MONTHS);
  return new Date(user.lastLogin).getTime() < limit.getTime();
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(value: string | null): string {
  if (!value) return 'Never';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
