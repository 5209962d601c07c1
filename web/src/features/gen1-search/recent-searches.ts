import type { Criteria } from './criteria.ts';

/** Last searches kept (core spec §9): at most 5, for 14 days. */
export const RECENT_MAX = 5;
export const RECENT_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const RECENT_STORAGE_KEY = 'console.gen1.recentSearches';

export interface RecentSearch {
  label: string;
  criteria: Criteria;
  /** Epoch ms after which the entry is forgotten. */
  expires: number;
}

const sameCriteria = (a: Criteria, b: Criteria) =>
  (a.searchterm ?? '') === (b.searchterm ?? '') &&
  (a.by ?? '') === (b.by ?? '') &&
  (a.value ?? '') === (b.value ?? '');

/** The entries still alive at `now`, newest first. */
export function liveSearches(list: readonly RecentSearch[], now: number): RecentSearch[] {
  return list.filter((entry) => entry.expires > now).slice(0, RECENT_MAX);
}

/** Puts a search first (a repeat moves up and lives 14 more days), dropping expired and surplus ones. */
export function rememberSearch(
  list: readonly RecentSearch[],
  label: string,
  criteria: Criteria,
  now: number,
): RecentSearch[] {
  const rest = liveSearches(list, now).filter((entry) => !sameCriteria(entry.criteria, criteria));
  return [{ label, criteria, expires: now + RECENT_TTL_MS }, ...rest].slice(0, RECENT_MAX);
}

/** Reads what storage holds, ignoring anything malformed (another version, a hand edit). */
export function parseRecent(raw: string | null, now: number): RecentSearch[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const valid = data.filter(
    (e): e is RecentSearch =>
      !!e &&
      typeof e === 'object' &&
      typeof e.label === 'string' &&
      typeof e.expires === 'number' &&
      !!e.criteria &&
      typeof e.criteria === 'object',
  );
  return liveSearches(valid, now);
}
