import { formatTimeOfDay } from '../ui/dates.ts';

/** A live panel's badge while its stream is interrupted: since when what it shows is stale. */
export const staleSinceLabel = (since: number) => `Stale since ${formatTimeOfDay(since)}`;

/** Stored figures older than this are marked stale beside a live view (issue 30). */
export const STALE_AFTER_MS = 10 * 60_000;

/** How old something is, in the largest whole unit that fits: "40 s", "12 min", "3 h 5 min", "2 days". */
export function ageLabel(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  return `${Math.floor(h / 24)} days`;
}
