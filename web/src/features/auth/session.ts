import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './queries.ts';

/**
 * Forget everything the signed-in user could see. The me query is set to null rather than
 * removed, so the mounted shell (whose observer holds that query) re-renders signed out at once;
 * a removed query would leave it showing the previous user.
 */
export function forgetSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
