import type {
  Gen2SearchBody,
  Gen2SearchResult,
  Overview,
  OverviewCounts,
  StructureDetail,
  Suggestion,
  SupportNoteView,
  ViewHistoryEntries,
} from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

const seg = encodeURIComponent;

export const supportPlusKeys = {
  all: ['support-plus'] as const,
  overview: () => ['support-plus', 'overview'] as const,
  search: (body: Gen2SearchBody) => ['support-plus', 'search', body] as const,
  autocomplete: (text: string) => ['support-plus', 'autocomplete', text] as const,
  structure: (rootGroupId: string) => ['support-plus', 'structure', rootGroupId] as const,
  notes: (customerId: string) => ['support-plus', 'notes', customerId] as const,
  viewHistory: (customerId: string) => ['support-plus', 'view-history', customerId] as const,
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
      ...(await apiRequest<Overview>('/api/supportPlus/overview', { signal })),
      live: null,
    }),
    staleTime: 60_000,
  });
}

/** One run of the search; the body is the key, so each URL is one cached answer. */
export function searchQueryOptions(body: Gen2SearchBody) {
  return queryOptions({
    queryKey: supportPlusKeys.search(body),
    queryFn: ({ signal }) =>
      apiRequest<Gen2SearchResult>('/api/supportPlus/search', { method: 'POST', body, signal }),
    placeholderData: keepPreviousData,
  });
}

export function autocompleteQueryOptions(text: string) {
  return queryOptions({
    queryKey: supportPlusKeys.autocomplete(text),
    queryFn: ({ signal }) =>
      apiRequest<Suggestion[]>(`/api/supportPlus/autocomplete/${seg(text)}`, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function structureQueryOptions(rootGroupId: string) {
  return queryOptions({
    queryKey: supportPlusKeys.structure(rootGroupId),
    queryFn: ({ signal }) =>
      apiRequest<StructureDetail>(`/api/supportPlus/structure/${seg(rootGroupId)}`, { signal }),
  });
}

export function notesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: supportPlusKeys.notes(customerId),
    queryFn: ({ signal }) =>
      apiRequest<SupportNoteView[]>(`/api/support/loadSupportNotes/${seg(customerId)}`, { signal }),
  });
}

/**
 * Reading the view history records a view by the caller (the service ignores the name in the
 * path), so it is asked once per visit: never refetched while the screen is open, dropped after.
 */
export function viewHistoryQueryOptions(customerId: string, staffName: string) {
  return queryOptions({
    queryKey: supportPlusKeys.viewHistory(customerId),
    queryFn: ({ signal }) =>
      apiRequest<ViewHistoryEntries>(
        `/api/support/viewHistory/${seg(customerId)}/${seg(staffName || 'staff')}`,
        { signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function saveNote(customerId: string, notes: string): Promise<SupportNoteView> {
  return apiRequest('/api/support/saveSupportNotes', { method: 'POST', body: { customerId, notes } });
}

export function updateNote(id: string, notes: string): Promise<SupportNoteView> {
  return apiRequest('/api/support/updateSupportNotes', { method: 'POST', body: { id, notes } });
}
