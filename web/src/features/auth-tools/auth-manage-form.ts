import { AUTH_MANAGE, type AuthManageQuery } from '@console/contracts';
import { dayString, formatDateTime } from '../../shared/ui/dates.ts';
import type { RecordType } from './api.ts';

/** The /authManage controls (analytics spec §2, §9 defaults). */
export interface AuthManageForm {
  dateTo: string;
  dateFrom: string;
  queryLimit: number;
  page: number;
  maxPages: number;
  clientId: string;
  userId: string;
  order: 'normal' | 'reverse';
  type: RecordType;
  countOnly: boolean;
  includeDeletedData: boolean;
  deleteLimit: number;
}

/**
 * yyyy-mm-dd of the local day one year before `now` (the to-date default, and where a blank one
 * resets to): the browser's day, as the date input shows it, not the UTC one.
 */
export function yearAgo(now: Date): string {
  const d = new Date(now);
  d.setFullYear(d.getFullYear() - 1);
  return dayString(d, 0);
}

/** A date input's yyyy-mm-dd in the console's one date format (the local day it names). */
export function dayText(day: string): string {
  return formatDateTime(new Date(`${day}T00:00`), { show: 'date' }, day);
}

export function defaultForm(now: Date): AuthManageForm {
  return {
    dateTo: yearAgo(now),
    dateFrom: '',
    queryLimit: AUTH_MANAGE.limit,
    page: 1,
    maxPages: AUTH_MANAGE.maxPages,
    clientId: '',
    userId: '',
    order: 'normal',
    type: 'tokens',
    countOnly: true,
    includeDeletedData: false,
    deleteLimit: AUTH_MANAGE.deleteLimit,
  };
}

/** The filter both calls share; blank text fields are left out. */
export function filterOf(f: AuthManageForm) {
  return {
    dateTo: f.dateTo,
    ...(f.dateFrom ? { dateFrom: f.dateFrom } : {}),
    ...(f.clientId.trim() ? { clientId: f.clientId.trim() } : {}),
    ...(f.userId.trim() ? { userId: f.userId.trim() } : {}),
    order: f.order,
    includeDeletedData: f.includeDeletedData,
  };
}

export function queryOf(f: AuthManageForm): AuthManageQuery {
  return {
    ...filterOf(f),
    page: f.page,
    queryLimit: f.queryLimit,
    maxPages: f.maxPages,
    countOnly: f.countOnly,
  };
}
