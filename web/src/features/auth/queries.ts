import type { Me } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';
import { ApiError } from '../../shared/api/client.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in staff user, or null when signed out (the me call answers 401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await call('auth.me', { sessionGuard: false, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
