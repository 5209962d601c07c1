import type {
  ChannelListPending,
  ChannelPage,
  ChannelRefresh,
  Gen2SearchBody,
  Overview,
  OverviewCounts,
  SupportPlusQueryBody,
} from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';
import { isApiError } from '../../shared/api/client.ts';
import {
  abortableSleep,
  type ChannelAnswer,
  type LiveChannels,
  loadLiveChannels,
  refreshChannels,
} from './overview/live-channels.ts';

export const supportPlusKeys = {
  all: ['support-plus'] as const,
  overview: () => ['support-plus', 'overview'] as const,
  liveChannels: () => ['support-plus', 'live-channels'] as const,
  search: (body: Gen2SearchBody) => ['support-plus', 'search', body] as const,
  autocomplete: (text: string) => ['support-plus', 'autocomplete', text] as const,
  structure: (rootGroupId: string) => ['support-plus', 'structure', rootGroupId] as const,
};

/**
 * The overview as the screen holds it: the stored side from GET /api/supportPlus/overview and the
 * latest live counts from the `overview` topic, written into the same query data as they arrive.
 */
export interface OverviewData extends Overview {
  live: (OverviewCounts & { at: number }) | null;
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: supportPlusKeys.overview(),
    queryFn: async ({ signal }): Promise<OverviewData> => ({
      ...(await call('search.overview', { signal })),
      live: null,
    }),
    staleTime: 60_000,
  });
}

// The API client hides the status of a success; a 202's body says `pending`.
const isPending = (body: unknown): body is ChannelListPending =>
  typeof body === 'object' && body !== null && (body as ChannelListPending).pending === true;

async function channelPage(from: string, size: number, signal?: AbortSignal): Promise<ChannelAnswer> {
  try {
    const body: ChannelPage | ChannelListPending = await call('hub-control.channelListPage', {
      params: { continueFrom: from, pageSize: size },
      signal,
    });
    return isPending(body) ? { kind: 'retry' } : { kind: 'page', ...body };
  } catch (error) {
    if (isApiError(error, 413)) return { kind: 'too-large' };
    throw error;
  }
}

/** Every live channel (the overview's "Live links"), loaded by the seed's paging and retry rules. */
export function liveChannelsQueryOptions() {
  return queryOptions({
    queryKey: supportPlusKeys.liveChannels(),
    queryFn: ({ signal }): Promise<LiveChannels> =>
      loadLiveChannels({
        fetchPage: (from, size) => channelPage(from, size, signal),
        sleep: abortableSleep(signal),
      }),
    staleTime: 60_000,
    // 202s are retried inside; anything else (hub-control down) is shown, not hammered.
    retry: false,
  });
}

/** Refresh Channels: the server rebuilds its list from Redis; answers the new total. */
export function refreshLiveChannels(signal?: AbortSignal): Promise<number> {
  return refreshChannels(async () => {
    const body: ChannelRefresh | ChannelListPending = await call('hub-control.channelListRefresh', {
      signal,
    });
    return isPending(body) ? 'retry' : body;
  }, abortableSleep(signal));
}

/** One run of the search; the body is the key, so each URL is one cached answer. */
export function searchQueryOptions(body: Gen2SearchBody) {
  return queryOptions({
    queryKey: supportPlusKeys.search(body),
    queryFn: ({ signal }) => call('search.supportPlusSearch', { body, signal }),
    placeholderData: keepPreviousData,
  });
}

export function autocompleteQueryOptions(text: string) {
  return queryOptions({
    queryKey: supportPlusKeys.autocomplete(text),
    queryFn: ({ signal }) => call('search.supportPlusAutocomplete', { params: { text }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function structureQueryOptions(rootGroupId: string) {
  return queryOptions({
    queryKey: supportPlusKeys.structure(rootGroupId),
    queryFn: ({ signal }) => call('search.structure', { params: { rootGroupId }, signal }),
  });
}

/**
 * Records through the generic Support Plus read (`POST /api/supportPlus`, seed 001 §7): a card's
 * stored record, a structure's un-paired devices, a no-root link's user. The body is the key.
 */
export function recordsQueryOptions(body: SupportPlusQueryBody) {
  return queryOptions({
    queryKey: ['support-plus', 'records', body] as const,
    queryFn: ({ signal }) => call('search.query', { body, signal }),
  });
}
