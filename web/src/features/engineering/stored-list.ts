import { ENGINEERING } from '@console/contracts';
import { useState } from 'react';

/** The refusal of a stored list entry over the size cap (analytics spec §5, §9: 1000 characters). */
export function storedEntryProblem(entry: string): string | null {
  const max = ENGINEERING.storedEntryMaxChars;
  return entry.length > max
    ? `Too long to keep: at most ${max} characters (this has ${entry.length}).`
    : null;
}

/** Puts an entry first (no repeats), keeping at most `max`. */
export function withEntry(list: readonly string[], entry: string, max: number): string[] {
  return [entry, ...list.filter((e) => e !== entry)].slice(0, max);
}

function read(key: string, max: number): string[] {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(v)
      ? v.filter((e): e is string => typeof e === 'string' && !storedEntryProblem(e)).slice(0, max)
      : [];
  } catch {
    return [];
  }
}

/**
 * A list kept in local storage (the Link2 page's Previously sent and Users list): click to reuse,
 * delete, newest first, at most `max`; entries over 1000 characters are refused.
 */
export function useStoredList(key: string, max: number) {
  const [items, setItems] = useState<string[]>(() => read(key, max));
  const write = (next: string[]) => {
    setItems(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // storage full or disabled: the list lasts for this page
    }
  };
  return {
    items,
    /** Returns the refusal, or null when kept. */
    add(entry: string): string | null {
      const problem = storedEntryProblem(entry);
      if (problem) return problem;
      write(withEntry(items, entry, max));
      return null;
    },
    remove(entry: string) {
      write(items.filter((e) => e !== entry));
    },
  };
}
