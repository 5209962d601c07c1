import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { supportPlusKeys } from '../queries.ts';

/** How soon after a change the live list is asked again, at the most once per this. */
export const LIST_FOLLOW_MS = 2_000;

/**
 * Keeps the overview's live list in step with its live count: when the `overview` topic's count of
 * connected hubs differs from the list's total (a hub came or went), the list is asked again — at
 * most every `LIST_FOLLOW_MS`, and again after each answer that still differs — so "Live Link+", "connected now" and the list agree within seconds.
 */
export function useListFollowsCount(
  listTotal: number | undefined,
  listAt: number,
  connectedNow: number | undefined,
) {
  const queryClient = useQueryClient();
  const last = useRef(0);
  useEffect(() => {
    if (listTotal === undefined || connectedNow === undefined || listTotal === connectedNow) return;
    const wait = Math.max(0, last.current + LIST_FOLLOW_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: supportPlusKeys.liveChannels() });
    }, wait);
    return () => clearTimeout(timer);
  }, [listTotal, listAt, connectedNow, queryClient]);
}
