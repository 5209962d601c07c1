import { create } from 'zustand';
import {
  addRecent,
  type ListChange,
  listsKey,
  NO_LISTS,
  parseLists,
  removeRecent,
  type SearchLists,
  toggleFavourite,
} from './local-lists.ts';

interface ListsState extends SearchLists {
  /** Whose lists these are (the signed-in e-mail). */
  email: string | null;
  load(email: string): void;
  /** Each returns the refusal message, or null when stored. */
  remember(entry: string): string | null;
  forget(entry: string): void;
  toggleFavourite(entry: string): string | null;
}

function read(email: string): SearchLists {
  try {
    return parseLists(window.localStorage.getItem(listsKey(email)));
  } catch {
    return NO_LISTS;
  }
}

function write(email: string, lists: SearchLists) {
  try {
    window.localStorage.setItem(
      listsKey(email),
      JSON.stringify({ recent: lists.recent, favourites: lists.favourites }),
    );
  } catch {
    // storage full or disabled: the lists live for this page only
  }
}

/** Recent searches and favourites of the signed-in e-mail, kept in local storage (UI state). */
export const useSearchLists = create<ListsState>()((set, get) => {
  const apply = (change: ListChange): string | null => {
    const { email } = get();
    if (!change.ok) return change.message;
    if (email) write(email, change.lists);
    set({ recent: change.lists.recent, favourites: change.lists.favourites });
    return null;
  };
  return {
    ...NO_LISTS,
    email: null,
    load: (email) => {
      if (get().email === email) return;
      set({ email, ...read(email) });
    },
    remember: (entry) => apply(addRecent(get(), entry)),
    forget: (entry) => apply({ ok: true, lists: removeRecent(get(), entry) }),
    toggleFavourite: (entry) => apply(toggleFavourite(get(), entry)),
  };
});
