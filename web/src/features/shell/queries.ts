import type { ConnectedDb } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** Which customer database the console reads (admins only; the server refuses others). */
export function connectedDbQueryOptions() {
  return queryOptions({
    queryKey: ['shell', 'connected-db'],
    queryFn: ({ signal }) => apiRequest<ConnectedDb>('/api/support/connectedDb', { signal }),
    staleTime: 10 * 60_000,
  });
}
