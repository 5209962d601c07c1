import type {
  ProductStructures,
  RecentStructures,
  RecentUsers,
  TopStructures,
  UserTrack,
} from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const analyticsKeys = { all: ['analytics'] as const };

/** A query string of the set values only (an empty one: the server's default). */
function qs(params: Record<string, string | number | boolean | undefined>): string {
  const set = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return set.length ? `?${new URLSearchParams(set.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

const analytics = <T>(
  name: string,
  path: string,
  params: Record<string, string | number | boolean | undefined>,
) =>
  queryOptions({
    queryKey: [...analyticsKeys.all, name, params] as const,
    queryFn: ({ signal }) => apiRequest<T>(`${path}${qs(params)}`, { signal }),
  });

/** The From / To / Limit of the structure lists (yyyy-mm-dd; empty: the server's default). */
export interface StructuresRange {
  from: string;
  to: string;
  limit: number;
}

/** GET /api/supportPlus/structures?top (analytics spec §7). */
export const topStructuresQueryOptions = (top: number) =>
  analytics<TopStructures>('topStructures', '/api/supportPlus/structures', { top });

/** GET /api/supportPlus/product-structures-recent?fromDate&toDate&limit. */
export const productStructuresQueryOptions = (r: StructuresRange) =>
  analytics<ProductStructures>('productStructures', '/api/supportPlus/product-structures-recent', {
    fromDate: r.from,
    toDate: r.to,
    limit: r.limit,
  });

/** GET /api/supportPlus/structures-recent?fromDate&toDate&limit (dates yyyy-mm-dd). */
export const recentStructuresQueryOptions = (r: StructuresRange) =>
  analytics<RecentStructures>('recentStructures', '/api/supportPlus/structures-recent', {
    fromDate: r.from,
    toDate: r.to,
    limit: r.limit,
  });

/** GET /api/supportPlus/users?fromDate. */
export const recentUsersQueryOptions = (from: string) =>
  analytics<RecentUsers>('recentUsers', '/api/supportPlus/users', { fromDate: from });

/** GET /api/new-user-track/userTrackInfo?from&to (yyyy/MM/dd) and the coco/nexa option. */
export const userTrackQueryOptions = (r: { from: string; to: string; cocoNexa: boolean }) =>
  analytics<UserTrack>('userTrack', '/api/new-user-track/userTrackInfo', {
    from: r.from.replaceAll('-', '/'),
    to: r.to.replaceAll('-', '/'),
    cocoNexa: r.cocoNexa || undefined,
  });
