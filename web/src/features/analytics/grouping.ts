import { AGE_BUCKET_DAYS } from '@console/contracts';

const DAY = 86_400_000;

/** The age columns (analytics spec §9): under 1.5, 2.5, 8, 29, 85 days, and over 85. */
export const AGE_LABELS = [
  `< ${AGE_BUCKET_DAYS[0]} d`,
  ...AGE_BUCKET_DAYS.slice(1).map((d, i) => `${AGE_BUCKET_DAYS[i]}–${d} d`),
  `> ${AGE_BUCKET_DAYS.at(-1)} d`,
];

/** How many of `ages` (days) fall in each age column. */
export function ageColumns(ages: readonly number[]): number[] {
  const counts = AGE_LABELS.map(() => 0);
  for (const age of ages) {
    const i = AGE_BUCKET_DAYS.findIndex((limit) => age < limit);
    const at = i === -1 ? AGE_BUCKET_DAYS.length : i;
    counts[at] = (counts[at] ?? 0) + 1;
  }
  return counts;
}

export type Grouping = 'auto' | 'daily' | 'weekly';

/** Weekly when asked, or on 'auto' when the range is over 90 days (analytics spec §2). */
export const isWeekly = (g: Grouping, fromIso: string, toIso: string) =>
  g === 'weekly' || (g === 'auto' && Date.parse(toIso) - Date.parse(fromIso) > 90 * DAY);

/**
 * Counts per day (yyyy-mm-dd) or per week (the Monday it starts on) from `fromIso` to `toIso`,
 * every period present (zero when nothing fell in it), oldest first.
 */
export function countByPeriod(
  dates: readonly string[],
  fromIso: string,
  toIso: string,
  weekly: boolean,
): { xs: string[]; counts: number[] } {
  const start = (ms: number) => {
    const d = Math.floor(ms / DAY) * DAY;
    if (!weekly) return d;
    const weekday = (new Date(d).getUTCDay() + 6) % 7; // Monday 0
    return d - weekday * DAY;
  };
  const step = weekly ? 7 * DAY : DAY;
  const first = start(Date.parse(fromIso));
  const last = start(Date.parse(toIso));
  const xs: string[] = [];
  for (let t = first; t <= last; t += step) xs.push(new Date(t).toISOString().slice(0, 10));
  const counts = xs.map(() => 0);
  for (const iso of dates) {
    const i = Math.round((start(Date.parse(iso)) - first) / step);
    if (i >= 0 && i < counts.length) counts[i] = (counts[i] ?? 0) + 1;
  }
  return { xs, counts };
}
