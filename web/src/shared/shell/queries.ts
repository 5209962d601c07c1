import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/call.ts';

/** Which customer database the console reads (admins only; the server refuses others). */
export function connectedDbQueryOptions() {
  return queryOptions({
    queryKey: ['shell', 'connected-db'],
    queryFn: ({ signal }) => call('search.connectedDb', { signal }),
    staleTime: 10 * 60_000,
  });
}
