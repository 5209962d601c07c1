import { useCallback, useSyncExternalStore } from 'react';
import type { Criteria } from './criteria.ts';
import { parseRecent, RECENT_STORAGE_KEY, type RecentSearch, rememberSearch } from './recent-searches.ts';

// localStorage with an expiry per entry (core spec §9 keeps the list 14 days). One list for both
// Gen1 search screens; the `storage` event keeps other tabs in step.
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: RecentSearch[] } = { raw: null, list: [] };

function read(): RecentSearch[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(RECENT_STORAGE_KEY);
  } catch {
    return cache.list;
  }
  if (raw !== cache.raw) cache = { raw, list: parseRecent(raw, Date.now()) };
  return cache.list;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches() {
  const list = useSyncExternalStore(subscribe, read, () => []);
  const remember = useCallback((label: string, criteria: Criteria) => {
    const next = rememberSearch(read(), label, criteria, Date.now());
    try {
      window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the list simply is not kept.
    }
    for (const l of listeners) l();
  }, []);
  return { recent: list, remember };
}
