import type { Thing } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const thingsQueryKey = ['things'] as const;

export function thingsQueryOptions() {
  return queryOptions({
    queryKey: thingsQueryKey,
    queryFn: ({ signal }) => apiRequest<Thing[]>('/api/things', { signal }),
  });
}

export function addThing(name: string): Promise<Thing> {
  return apiRequest<Thing>('/api/things', { method: 'POST', body: { name } });
}

export function deleteThing(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/things/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
