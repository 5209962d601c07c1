import { liveTopics, type TopicFilter } from '@console/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useLiveStore } from '../../shared/live/live-store.ts';
import { isHubId } from '../support-plus/hub/hub-id.ts';
import { type PageParam, startTimeline } from './queries.ts';
import { filterOfSearch, type TimelineSearch } from './timeline-search.ts';

const NO_FILTER: TopicFilter = {};

/**
 * The filter and the first page the timeline screen opens with for `search` (the screen and the
 * early start must agree, or the early request is wasted): a link's filters, else the hub's
 * filters as the live monitor holds them; a linked moment, a jump, or the newest entries.
 * `now` stands in for a link to a sequence that carries no time.
 */
export function openingOf(
  hubId: string,
  search: TimelineSearch,
  now: () => number,
): { filter: TopicFilter; start: PageParam } {
  const linked = filterOfSearch(search);
  const filter =
    Object.keys(linked).length > 0
      ? linked
      : (useLiveStore.getState().topics[liveTopics.hub(hubId)]?.filter ?? NO_FILTER);
  return { filter, start: startOfSearch(search, now) };
}

export function startOfSearch(search: TimelineSearch, now: () => number): PageParam {
  if (search.seq !== undefined || search.at !== undefined)
    return { kind: 'moment', epoch: search.epoch, seq: search.seq, at: search.at ?? now() };
  if (search.jump !== undefined) return { kind: 'moment', at: search.jump };
  return { kind: 'newest' };
}

/** The route's early start: the first page of the timeline `search` opens, when it is knowable now. */
export function startTimelineOfSearch(queryClient: QueryClient, hubId: string, search: object): void {
  const s = search as TimelineSearch;
  // A link to a sequence without its time opens at the clock of the screen's first render.
  if (!isHubId(hubId) || !/^[0-9]+$/.test(hubId) || (s.seq !== undefined && s.at === undefined)) return;
  const { filter, start } = openingOf(hubId, s, Date.now);
  startTimeline(queryClient, hubId, filter, start);
}
