import { useCallback, useSyncExternalStore } from 'react';
import type { Criteria } from './criteria.ts';
import {
  encodeRecent,
  RECENT_COOKIE,
  RECENT_TTL_MS,
  type RecentSearch,
  recentFromCookies,
  rememberSearch,
} from './recent-searches.ts';

// A cookie for 14 days, as the core spec §9 keeps the list, each entry with its own expiry too.
// One list for both Gen1 search screens.
const listeners = new Set<() => void>();
let cache: { raw: string; list: RecentSearch[] } = { raw: '', list: [] };

function read(): RecentSearch[] {
  const raw = document.cookie;
  if (raw !== cache.raw) cache = { raw, list: recentFromCookies(raw, Date.now()) };
  return cache.list;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab may have searched: look again when this one comes back into view.
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
  };
}

export function useRecentSearches() {
  const list = useSyncExternalStore(subscribe, read, () => []);
  const remember = useCallback((label: string, criteria: Criteria) => {
    const next = rememberSearch(read(), label, criteria, Date.now());
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the specification keeps this list in a cookie
    document.cookie = `${RECENT_COOKIE}=${encodeRecent(next)}; Max-Age=${RECENT_TTL_MS / 1000}; Path=/; SameSite=Strict${secure}`;
    for (const l of listeners) l();
  }, []);
  return { recent: list, remember };
}
