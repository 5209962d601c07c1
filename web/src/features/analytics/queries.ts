import type { TopStructures } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const analyticsKeys = { all: ['analytics'] as const };

/** GET /api/supportPlus/structures?top (analytics spec §7). */
export const topStructuresQueryOptions = (top: number) =>
  queryOptions({
    queryKey: [...analyticsKeys.all, 'topStructures', top] as const,
    queryFn: ({ signal }) => apiRequest<TopStructures>(`/api/supportPlus/structures?top=${top}`, { signal }),
  });
