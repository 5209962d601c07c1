import { liveTopics } from '@console/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { type LiveStatus, liveSocket } from '../live/live-socket.ts';
import { withHeartbeats } from './host-board.ts';
import { type HostsData, supervisorKeys } from './queries.ts';

/** The supervisor topic's connection state (live UI state; the hosts live in the query data). */
export const useSupervisorLiveStatus = create<{ status: LiveStatus; notice: string | null }>()(() => ({
  status: 'connecting',
  notice: null,
}));

/**
 * Watches the `supervisor` topic on /ws while the board is open and writes each heartbeat into the
 * hosts list's query data; a heartbeat from a host the list does not hold refetches the list.
 */
export function useSupervisorLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const topic = liveTopics.supervisor();
    const socket = liveSocket();
    return socket.watch(
      topic,
      {},
      {
        events: (events) => {
          let unknown = false;
          queryClient.setQueryData<HostsData>(supervisorKeys.hosts(), (old) => {
            const next = withHeartbeats(old, events);
            unknown = next.unknown;
            return next.data;
          });
          if (unknown) void queryClient.invalidateQueries({ queryKey: supervisorKeys.hosts() });
        },
        status: (status) => useSupervisorLiveStatus.setState({ status }),
        // Heartbeats are not kept by the topic: the list refetch covers anything missed.
        reload: () => socket.restart(topic),
        error: (_code, message) => useSupervisorLiveStatus.setState({ notice: message }),
      },
    );
  }, [queryClient]);
}
