import type { LiveEvent } from '@console/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface DiffState {
  /** Keys ignored in diffs, per `<userId>|<class.operation>` (kept in this browser, per user). */
  ignored: Record<string, string[]>;
  /** An entry picked to compare others with (any hub's, any kind). */
  picked: LiveEvent | null;
  toggleIgnored(userId: string, kind: string, path: string): void;
  pick(event: LiveEvent | null): void;
}

export const useDiffStore = create<DiffState>()(
  persist(
    (set) => ({
      ignored: {},
      picked: null,
      toggleIgnored: (userId, kind, path) =>
        set((s) => {
          const key = `${userId}|${kind}`;
          const now = s.ignored[key] ?? [];
          const next = now.includes(path) ? now.filter((p) => p !== path) : [...now, path];
          return { ignored: { ...s.ignored, [key]: next } };
        }),
      pick: (event) => set({ picked: event }),
    }),
    // Only the ignored keys outlive the page; a picked entry is for this visit.
    { name: 'console.live-diff', partialize: (s) => ({ ignored: s.ignored }) },
  ),
);

const NONE: readonly string[] = [];
export const ignoredFor = (s: DiffState, userId: string, kind: string | null): readonly string[] =>
  kind ? (s.ignored[`${userId}|${kind}`] ?? NONE) : NONE;
