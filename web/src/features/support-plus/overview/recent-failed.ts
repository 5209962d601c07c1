import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/** Recent Failed Commands (seed 001 §2 side bar): loaded on click, refreshed on demand. */
export function recentFailedQueryOptions() {
  return queryOptions({
    queryKey: ['support-plus', 'recent-failed'] as const,
    queryFn: ({ signal }) => call('hub-control.recentFailedCommands', { signal }),
    staleTime: 30_000,
  });
}
