import type { FailedCommand } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

/** Recent Failed Commands (seed 001 §2 side bar): loaded on click, refreshed on demand. */
export function recentFailedQueryOptions() {
  return queryOptions({
    queryKey: ['support-plus', 'recent-failed'] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ rows: FailedCommand[] }>('/api/supportPlus/transactions/recent-failed', { signal }),
    staleTime: 30_000,
  });
}
