import type { LiveEvent } from '@console/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { type LiveStatus, liveSocket } from './live-socket.ts';

/**
 * A live topic that feeds a query's cached data (the overview's counts, the supervisor's
 * heartbeats): `useLive()` watches it on /ws while mounted and hands each batch of events to
 * `apply`; `useStatus` is its connection state for the screen (UI state only, the data stays in
 * the query). The topic keeps no history the screen needs, so a reload starts it afresh.
 */
export function liveQueryTopic(
  topic: () => string,
  apply: (queryClient: QueryClient, events: LiveEvent[]) => void,
) {
  const useStatus = create<{ status: LiveStatus; notice: string | null; staleSince: number | null }>()(
    () => ({
      status: 'connecting',
      notice: null,
      staleSince: null,
    }),
  );
  function useLive() {
    const queryClient = useQueryClient();
    useEffect(() => {
      const name = topic();
      const socket = liveSocket();
      useStatus.setState({ notice: null });
      return socket.watch(
        name,
        {},
        {
          events: (events) => apply(queryClient, events),
          // Stale from the moment the stream stopped being live, until it is live again.
          status: (status) =>
            useStatus.setState((v) => ({
              status,
              staleSince: status === 'reconnecting' ? (v.staleSince ?? Date.now()) : null,
            })),
          reload: () => socket.restart(name),
          error: (_code, message) => useStatus.setState({ notice: message }),
        },
      );
    }, [queryClient]);
  }
  return { useStatus, useLive };
}
