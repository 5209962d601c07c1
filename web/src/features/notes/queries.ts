import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

/**
 * The one key family for a customer's support notes and view history. Gen1 support and Support
 * Plus read and write the same notes (`search.loadNotes`, `search.saveNote`, …), so a note saved on one screen refreshes the
 * other, and an account edit (which leaves an automatic note) refreshes both.
 */
export const noteKeys = {
  all: ['notes'] as const,
  notes: (customerId: string) => ['notes', 'list', customerId] as const,
  viewHistory: (customerId: string) => ['notes', 'view-history', customerId] as const,
  recent: () => ['notes', 'list', '*recent'] as const,
  mine: () => ['notes', 'view-history', '*mine'] as const,
};

/** The newest notes on any customer (the Support Plus overview side bar). */
export function recentNotesQueryOptions() {
  return queryOptions({
    queryKey: noteKeys.recent(),
    queryFn: ({ signal }) => call('search.recentNotes', { signal }),
  });
}

/** The customers the signed-in staff member viewed last (reading it records nothing). */
export function myViewsQueryOptions() {
  return queryOptions({
    queryKey: noteKeys.mine(),
    queryFn: ({ signal }) => call('search.myViews', { signal }),
  });
}

/** A customer's support notes, newest first. */
export function notesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: noteKeys.notes(customerId),
    queryFn: ({ signal }) => call('search.loadNotes', { params: { userId: customerId }, signal }),
  });
}

/**
 * Reading the view history records a view by the caller (the server takes the viewer from the
 * session and ignores the name in the path), so it is asked once per opening: never refetched
 * while the screen is open, dropped after.
 */
export function viewHistoryQueryOptions(customerId: string, staffName: string) {
  return queryOptions({
    queryKey: noteKeys.viewHistory(customerId),
    queryFn: ({ signal }) =>
      call('search.viewHistory', { params: { userId: customerId, staffName: staffName || 'staff' }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
