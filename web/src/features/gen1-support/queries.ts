import type { Gen1Account, Gen1SearchResult } from '@console/contracts';
import { AUTOCOMPLETE, SEARCH_PAGE_SIZES } from '@console/contracts';
import { keepPreviousData, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { call, operationUrl } from '../../shared/api/call.ts';
import { apiRequest } from '../../shared/api/client.ts';
import { type Gen1SearchParams, type PageSize, searchRequest } from './search/criteria.ts';

/** A search as run: the raw request and response, which the Debug checkbox shows. */
export interface SearchRun {
  request: { method: 'GET'; url: string };
  result: Gen1SearchResult;
  tookMs: number;
}

export const gen1Keys = {
  all: ['gen1'] as const,
  searches: ['gen1', 'search'] as const,
  account: (userId: number) => ['gen1', 'account', userId] as const,
};

export function searchUrl(p: Gen1SearchParams): string | null {
  const req = searchRequest(p);
  if (!req) return null;
  const limit: PageSize = p.limit ?? SEARCH_PAGE_SIZES[0];
  const input = { params: req.params, query: { limit, offset: p.offset ?? 0 } };
  // The operation is one of searchRequest's union, whose params match it (SearchCall pairs them).
  return operationUrl(req.operation, input as never);
}

/** One page of a Gen1 customer search; disabled when the criteria search nothing. */
export function searchQueryOptions(p: Gen1SearchParams) {
  const url = searchUrl(p);
  return queryOptions({
    queryKey: [...gen1Keys.searches, url] as const,
    queryFn: async ({ signal }): Promise<SearchRun> => {
      const started = performance.now();
      const result = await apiRequest<Gen1SearchResult>(url as string, { signal });
      return {
        request: { method: 'GET', url: url as string },
        result,
        tookMs: Math.round(performance.now() - started),
      };
    },
    enabled: url !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * A read of the support API cached under `queryKey` and not retried: a missing record or a refusal
 * is shown at once.
 */
export const supportRead = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => apiRequest<T>(path, { signal }), retry: false });

/** Everything about one account (findExtra). */
export const accountQueryOptions = (userId: number) =>
  supportRead<Gen1Account>(
    gen1Keys.account(userId),
    operationUrl('search.findExtra', { params: { userId } }),
  );

export function macAccountsQueryOptions(mac: string) {
  return queryOptions({
    queryKey: ['gen1', 'mac', mac] as const,
    queryFn: ({ signal }) => call('search.findUserByMac', { params: { mac }, signal }),
  });
}

/** Suggestions for the support box, from 2 characters (core spec §5). */
export function autocompleteQueryOptions(text: string) {
  const t = text.trim();
  return queryOptions({
    queryKey: ['gen1', 'autocomplete', t] as const,
    queryFn: ({ signal }) => call('search.autocomplete', { params: { text: t }, signal }),
    enabled: t.length >= AUTOCOMPLETE.gen1MinChars,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * A Gen1 search screen's loader: starts the open account, else the search, early. Not awaited:
 * the screen shows the spinner and the errors itself.
 */
export function prefetchGen1Search(queryClient: QueryClient, search: Gen1SearchParams): void {
  if (search.detail !== undefined) void queryClient.prefetchQuery(accountQueryOptions(search.detail));
  else if (searchUrl(search)) void queryClient.prefetchQuery(searchQueryOptions(search));
}
