import { liveTopics } from '@console/contracts';
import { liveQueryTopic } from '../../shared/live/live-query-topic.ts';
import { withHeartbeats } from './host-board.ts';
import { type HostsData, supervisorKeys } from './queries.ts';

/**
 * The `supervisor` topic on /ws while the board is open: each heartbeat goes into the hosts list's
 * query data; a heartbeat from a host the list does not hold refetches the list (which also covers
 * anything missed while disconnected).
 */
const supervisorLive = liveQueryTopic(liveTopics.supervisor, (queryClient, events) => {
  let unknown = false;
  queryClient.setQueryData<HostsData>(supervisorKeys.hosts(), (old) => {
    const next = withHeartbeats(old, events);
    unknown = next.unknown;
    return next.data;
  });
  if (unknown) void queryClient.invalidateQueries({ queryKey: supervisorKeys.hosts() });
});

/** The supervisor topic's connection state (live UI state; the hosts live in the query data). */
export const useSupervisorLiveStatus = supervisorLive.useStatus;
export const useSupervisorLive = supervisorLive.useLive;
