import { useCallback, useState } from 'react';
import { newCorrelationId } from './waterfall-queries.ts';

/**
 * The last action run from one place, for its panel: `sending()` makes the next action's
 * correlation id (send it as `x-correlation-id`) and remembers it; `watching` is the id to give
 * `<Waterfall correlationId={…} key={…} />`, null before the first action.
 */
export function useWatchedAction(): { watching: string | null; sending: () => string } {
  const [watching, setWatching] = useState<string | null>(null);
  const sending = useCallback(() => {
    const cid = newCorrelationId();
    setWatching(cid);
    return cid;
  }, []);
  return { watching, sending };
}
