import { WORKER_LIMITS } from '@console/contracts';
import type { SortDir } from '../../shared/ui/ColumnTable.tsx';

export type { SortDir } from '../../shared/ui/ColumnTable.tsx';
export { fromLocalInput, toLocalInput } from '../../shared/ui/dates.ts';

/** Yesterday at local midnight: the Not Online tab's default from date (analytics spec §2). */
export function yesterdayMidnight(now: Date): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - 1);
  return d;
}

/** The old-records tools' default before date: 90 days ago (analytics spec §9). */
export function defaultBefore(now: Date): Date {
  const d = new Date(now);
  d.setDate(d.getDate() - WORKER_LIMITS.beforeDays);
  return d;
}

/** Sorts rows by one column, numbers as numbers and the rest as text; missing values last. */
export function sortRows<T>(rows: readonly T[], key: keyof T, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x).localeCompare(String(y)) * sign;
  });
}
