import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

export const deviceKeys = {
  list: ['devices', 'list'] as const,
  commands: (type: number) => ['devices', 'commands', type] as const,
};

// The catalogue changes with a release, not during a visit.
const CATALOGUE_STALE_MS = 10 * 60_000;

/** The device types (`GET /api/devices/list`, public). */
export const deviceListQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.list,
    queryFn: ({ signal }) => call('search.devicesList', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** One device type with its commands (`GET /api/devices?type=`, public); 404 for an unknown type. */
export const deviceCommandsQueryOptions = (type: number) =>
  queryOptions({
    queryKey: deviceKeys.commands(type),
    queryFn: async ({ signal }) => {
      const [device] = await call('search.devices', { query: { type }, signal });
      return device ?? null;
    },
    staleTime: CATALOGUE_STALE_MS,
    retry: false,
  });

/**
 * A route's loader: the types, and the commands of a type named in the URL. Only the types can fail
 * the page; an unknown type in a link is said on the screen by the selector.
 */
export async function prefetchDevices(queryClient: QueryClient, type: number | undefined): Promise<void> {
  if (type !== undefined) void queryClient.prefetchQuery(deviceCommandsQueryOptions(type));
  await queryClient.ensureQueryData(deviceListQueryOptions());
}
