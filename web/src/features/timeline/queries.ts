import type { TimelinePage, TopicFilter } from '@console/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

/** Where a page starts: the newest, older or newer than a cursor, or around a linked moment. */
export type PageParam =
  | { kind: 'newest' }
  | { kind: 'before'; cursor: string }
  | { kind: 'after'; cursor: string }
  | { kind: 'moment'; epoch?: string; seq?: number; at: number };

export const timelineKeys = {
  all: ['hub-timeline'] as const,
  hub: (hubId: string) => ['hub-timeline', hubId] as const,
  view: (hubId: string, filter: TopicFilter, start: PageParam) =>
    ['hub-timeline', hubId, filter, start] as const,
};

export const TIMELINE_PAGE = 300;

export function fetchTimelinePage(
  hubId: string,
  filter: TopicFilter,
  param: PageParam,
  signal?: AbortSignal,
  sessionGuard?: boolean,
  only?: 'stream',
): Promise<TimelinePage> {
  const list = (values: readonly string[] | undefined) => (values?.length ? values.join(',') : undefined);
  const moment = param.kind === 'moment' ? param : undefined;
  // In this order: the early-start script asks `?limit=300&only=stream` and `?limit=300` (boot/early-start.js).
  const query = {
    limit: TIMELINE_PAGE,
    only,
    clientTypes: list(filter.clientTypes),
    classes: list(filter.classes),
    operations: list(filter.operations),
    text: filter.text || undefined,
    before: param.kind === 'before' ? param.cursor : undefined,
    after: param.kind === 'after' ? param.cursor : undefined,
    epoch: moment?.epoch || undefined,
    seq: moment?.seq,
    at: moment?.at,
  };
  return call('hub-control.hubTimeline', {
    params: { hubId },
    query,
    signal,
    ...(sessionGuard === undefined ? {} : { sessionGuard }),
  });
}

/** The timeline's pages from `start` (one query: the list and the early start share it). */
export function timelineQueryOptions(hubId: string, filter: TopicFilter, start: PageParam) {
  return infiniteQueryOptions({
    queryKey: timelineKeys.view(hubId, filter, start),
    initialPageParam: start,
    queryFn: ({ pageParam, signal }) => fetchTimelinePage(hubId, filter, pageParam, signal),
    getNextPageParam: (last: TimelinePage): PageParam | undefined =>
      last.older ? { kind: 'before', cursor: last.older } : undefined,
    getPreviousPageParam: (first: TimelinePage): PageParam | undefined =>
      first.newer ? { kind: 'after', cursor: first.newer } : undefined,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // Pages only grow: comparing every entry of every page on each load would cost a long task.
    structuralSharing: false,
  });
}

/**
 * The newest entries of the hub stream alone (`only=stream`): a cheap read the list shows while
 * the newest page, which also reads every stored source, is on its way.
 */
export function timelinePreviewOptions(hubId: string, filter: TopicFilter, sessionGuard?: boolean) {
  return queryOptions({
    queryKey: [...timelineKeys.hub(hubId), filter, 'stream-first'] as const,
    // Only a stand-in: when it fails, the list waits for the whole page (which reports errors).
    queryFn: ({ signal }) =>
      fetchTimelinePage(hubId, filter, { kind: 'newest' }, signal, sessionGuard, 'stream').catch(() => null),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * Starts the first page's request before the console has checked the session, loaded the
 * screen's code and rendered it (the route's early start, see routes/_auth.tsx): the list then
 * finds it in the cache, in flight or answered. The server checks the session on this request
 * itself; a 401 here is left to the session check, which sends a signed-out visit to /login.
 */
export function startTimeline(
  queryClient: QueryClient,
  hubId: string,
  filter: TopicFilter,
  start: PageParam,
): void {
  const options = timelineQueryOptions(hubId, filter, start);
  if (queryClient.getQueryState(options.queryKey)) return;
  // The console's usual retries apply (a 5xx is asked again), as for the list's own request.
  void queryClient.prefetchInfiniteQuery({
    ...options,
    queryFn: ({ pageParam, signal }) => fetchTimelinePage(hubId, filter, pageParam, signal, false),
  });
  if (start.kind === 'newest') void queryClient.prefetchQuery(timelinePreviewOptions(hubId, filter, false));
}

export function createAnnotation(hubId: string, body: { from: number; to: number; text: string }) {
  return call('hub-control.timelineAnnotate', { params: { hubId }, body });
}

export function deleteAnnotation(hubId: string, id: string, confirmation: string) {
  return call('hub-control.timelineAnnotationDelete', { params: { hubId, id }, body: { confirmation } });
}
