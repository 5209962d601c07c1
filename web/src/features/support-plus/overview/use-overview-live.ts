import { liveTopics } from '@console/contracts';
import { liveQueryTopic } from '../../../shared/live/live-query-topic.ts';
import { type OverviewData, supportPlusKeys } from '../queries.ts';
import { withLive } from './overview-live.ts';

/**
 * The `overview` topic on /ws while mounted: each second's counts go into the overview query data,
 * so the cards re-render from the same cache entry the loader filled.
 */
const overviewLive = liveQueryTopic(liveTopics.overview, (queryClient, events) =>
  queryClient.setQueryData<OverviewData>(supportPlusKeys.overview(), (old) => withLive(old, events)),
);

/** The overview topic's connection state (live UI state; the counts live in the query data). */
export const useOverviewLiveStatus = overviewLive.useStatus;
export const useOverviewLive = overviewLive.useLive;
