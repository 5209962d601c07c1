import type { Me } from '@console/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { meQueryOptions } from './queries.ts';

/** The signed-in user, or null. For the shell, which renders signed in and signed out. */
export function useMaybeCurrentUser(): Me | null {
  return useQuery(meQueryOptions()).data ?? null;
}

/**
 * The signed-in user, for screens under the `_auth` guard (which has already loaded it).
 * Throws when signed out: the guard's layout never renders its screens then.
 */
export function useCurrentUser(): Me {
  const me = useSuspenseQuery(meQueryOptions()).data;
  if (!me) throw new Error('Signed out');
  return me;
}
