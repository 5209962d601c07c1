import { OLD_LOGIN_MONTHS } from './constants.ts';

/**
 * The one old-login rule (seed 000: "Logins older than 2 months are marked"): a login before the
 * same moment OLD_LOGIN_MONTHS calendar months ago, or none at all. The auth service sets `oldLogin`
 * with it and the admin list reads it too.
 */
export function isOldLogin(lastLogin: Date | string | null, now: Date = new Date()): boolean {
  if (lastLogin === null) return true;
  return new Date(lastLogin).getTime() < monthsBefore(now, OLD_LOGIN_MONTHS).getTime();
}

/** The same day-of-month that many months earlier (UTC), clamped to the month's end (31 May → 31 Mar, 30 Apr → 28/29 Feb). */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now.getTime());
  const day = now.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
