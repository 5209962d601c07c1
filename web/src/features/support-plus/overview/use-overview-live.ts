import { liveTopics } from '@console/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { type LiveStatus, liveSocket } from '../../live/live-socket.ts';
import { type OverviewData, supportPlusKeys } from '../queries.ts';
import { withLive } from './overview-live.ts';

/** The overview topic's connection state (live UI state; the counts live in the query data). */
export const useOverviewLiveStatus = create<{ status: LiveStatus; notice: string | null }>()(() => ({
  status: 'connecting',
  notice: null,
}));

/**
 * Watches the `overview` topic on /ws while mounted and writes each second's counts into the
 * overview query data, so the cards re-render from the same cache entry the loader filled.
 */
export function useOverviewLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const topic = liveTopics.overview();
    const socket = liveSocket();
    useOverviewLiveStatus.setState({ notice: null });
    return socket.watch(
      topic,
      {},
      {
        events: (events) =>
          queryClient.setQueryData<OverviewData>(supportPlusKeys.overview(), (old) => withLive(old, events)),
        status: (status) => useOverviewLiveStatus.setState({ status }),
        // Counts carry no history: starting afresh loses nothing.
        reload: () => socket.restart(topic),
        error: (_code, message) => useOverviewLiveStatus.setState({ notice: message }),
      },
    );
  }, [queryClient]);
}
