import type { Thing } from '@console/contracts';
import { useState } from 'react';
import { pickLeadWord } from './lead-word.ts';

/**
 * A lead word drawn once per visit; drawn again only when its thing is deleted
 * (or when the first thing arrives), so the heading holds still while the list is edited.
 */
export function useLeadWord(things: readonly Thing[]): string | null {
  const [word, setWord] = useState(() => pickLeadWord(things));
  const stillThere = word !== null && things.some((thing) => thing.name.trim() === word);
  if (!stillThere) {
    const next = pickLeadWord(things);
    // Adjusting state while rendering, as React's docs advise for state derived from props.
    if (next !== word) setWord(next);
    return next;
  }
  return word;
}
