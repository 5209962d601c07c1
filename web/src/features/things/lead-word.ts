import type { Thing } from '@console/contracts';

/** The main screen's lead word: one thing's name, picked at random (core spec §2 `/`). */
export function pickLeadWord(things: readonly Thing[], random: () => number = Math.random): string | null {
  const names = things.map((t) => t.name.trim()).filter((name) => name.length > 0);
  if (names.length === 0) return null;
  const index = Math.min(names.length - 1, Math.floor(random() * names.length));
  return names[index] ?? null;
}
