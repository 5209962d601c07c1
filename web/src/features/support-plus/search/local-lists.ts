import { entryProblem } from './search-params.ts';

/** Recent searches kept (seed 001 §9: last-searched list 5). */
export const MAX_RECENT = 5;
/** Favourites have no stated limit; this keeps local storage small. */
export const MAX_FAVOURITES = 50;

export interface SearchLists {
  recent: string[];
  favourites: string[];
}

export const NO_LISTS: SearchLists = { recent: [], favourites: [] };

/** The local-storage key of one signed-in e-mail's lists (seed 001 §2: per signed-in e-mail). */
export const listsKey = (email: string) => `supportPlus.searchLists.${email.trim().toLowerCase()}`;

export type ListChange = { ok: true; lists: SearchLists } | { ok: false; message: string };

/** Puts a search at the top of the recent list (no repeats, at most five). */
export function addRecent(lists: SearchLists, entry: string): ListChange {
  const value = entry.trim();
  if (!value) return { ok: true, lists };
  const problem = entryProblem(value);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    lists: { ...lists, recent: [value, ...lists.recent.filter((r) => r !== value)].slice(0, MAX_RECENT) },
  };
}

export function removeRecent(lists: SearchLists, entry: string): SearchLists {
  return { ...lists, recent: lists.recent.filter((r) => r !== entry) };
}

/** Adds the entry to the favourites, or takes it off when it is there. */
export function toggleFavourite(lists: SearchLists, entry: string): ListChange {
  const value = entry.trim();
  if (!value) return { ok: false, message: 'Type something to keep as a favourite.' };
  if (lists.favourites.includes(value))
    return { ok: true, lists: { ...lists, favourites: lists.favourites.filter((f) => f !== value) } };
  const problem = entryProblem(value);
  if (problem) return { ok: false, message: problem };
  if (lists.favourites.length >= MAX_FAVOURITES)
    return { ok: false, message: `At most ${MAX_FAVOURITES} favourites: remove one first.` };
  return { ok: true, lists: { ...lists, favourites: [...lists.favourites, value] } };
}

const strings = (v: unknown, max: number): string[] =>
  Array.isArray(v)
    ? [...new Set(v.filter((x): x is string => typeof x === 'string' && !entryProblem(x) && x !== ''))].slice(
        0,
        max,
      )
    : [];

/** Reads stored lists tolerantly: anything malformed or too long is dropped. */
export function parseLists(stored: string | null): SearchLists {
  if (!stored) return NO_LISTS;
  try {
    const v = JSON.parse(stored) as Partial<Record<keyof SearchLists, unknown>>;
    return { recent: strings(v.recent, MAX_RECENT), favourites: strings(v.favourites, MAX_FAVOURITES) };
  } catch {
    return NO_LISTS;
  }
}
