import type { Criteria } from './criteria.ts';

/** Last searches kept (core spec §9): at most 5, remembered in a cookie for 14 days. */
export const RECENT_MAX = 5;
export const RECENT_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const RECENT_COOKIE = 'console_recent_searches';
/** Browsers keep about 4 kB per cookie: older entries give way until the list fits. */
export const RECENT_COOKIE_MAX_BYTES = 3500;

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

/** The cookie's value for a list: URI-encoded JSON, dropping the oldest entries until it fits. */
export function encodeRecent(list: readonly RecentSearch[]): string {
  for (let n = list.length; n > 0; n--) {
    const value = encodeURIComponent(JSON.stringify(list.slice(0, n)));
    if (value.length <= RECENT_COOKIE_MAX_BYTES) return value;
  }
  return encodeURIComponent('[]');
}

/** The list in a `document.cookie` string (missing, foreign or malformed: none). */
export function recentFromCookies(cookies: string, now: number): RecentSearch[] {
  const pair = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${RECENT_COOKIE}=`));
  if (!pair) return [];
  try {
    return parseRecent(decodeURIComponent(pair.slice(RECENT_COOKIE.length + 1)), now);
  } catch {
    return [];
  }
}
