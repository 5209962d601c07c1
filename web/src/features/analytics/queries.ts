import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

export const analyticsKeys = { all: ['analytics'] as const };

/** The set values only: an empty field leaves the server's default. */
function setOnly<P extends Record<string, string | number | boolean | undefined>>(params: P) {
  const set = Object.entries(params).map(([k, v]) => [k, v === '' ? undefined : v]);
  return Object.fromEntries(set) as { [K in keyof P]: Exclude<P[K], ''> | undefined };
}

const analytics = <P extends Record<string, string | number | boolean | undefined>, T>(
  name: string,
  params: P,
  fetch: (query: ReturnType<typeof setOnly<P>>, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...analyticsKeys.all, name, params] as const,
    queryFn: ({ signal }) => fetch(setOnly(params), signal),
  });

/** The From / To / Limit of the structure lists (yyyy-mm-dd; empty: the server's default). */
export interface StructuresRange {
  from: string;
  to: string;
  limit: number;
}

/** GET /api/supportPlus/structures?top (analytics spec §7). */
export const topStructuresQueryOptions = (top: number) =>
  analytics('topStructures', { top }, (query, signal) => call('stats.topStructures', { query, signal }));

/** GET /api/supportPlus/product-structures-recent?fromDate&toDate&limit. */
export const productStructuresQueryOptions = (r: StructuresRange) =>
  analytics('productStructures', { fromDate: r.from, toDate: r.to, limit: r.limit }, (query, signal) =>
    call('stats.productStructuresRecent', { query, signal }),
  );

/** GET /api/supportPlus/structures-recent?fromDate&toDate&limit (dates yyyy-mm-dd). */
export const recentStructuresQueryOptions = (r: StructuresRange) =>
  analytics('recentStructures', { fromDate: r.from, toDate: r.to, limit: r.limit }, (query, signal) =>
    call('stats.structuresRecent', { query, signal }),
  );

/** GET /api/supportPlus/users?fromDate. */
export const recentUsersQueryOptions = (from: string) =>
  analytics('recentUsers', { fromDate: from }, (query, signal) =>
    call('stats.recentUsers', { query, signal }),
  );

/** GET /api/new-user-track/userTrackInfo?from&to (yyyy/MM/dd) and the coco/nexa option. */
export const userTrackQueryOptions = (r: { from: string; to: string; cocoNexa: boolean }) =>
  analytics(
    'userTrack',
    { from: r.from.replaceAll('-', '/'), to: r.to.replaceAll('-', '/'), cocoNexa: r.cocoNexa || undefined },
    (query, signal) => call('stats.userTrack', { query, signal }),
  );
