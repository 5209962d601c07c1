import type { Thing } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

export const thingsQueryKey = ['things'] as const;

export function thingsQueryOptions() {
  return queryOptions({
    queryKey: thingsQueryKey,
    queryFn: ({ signal }) => call('auth.thingsList', { signal }),
  });
}

export function addThing(name: string): Promise<Thing> {
  return call('auth.thingsCreate', { body: { name } });
}

export function deleteThing(id: string): Promise<{ message: string }> {
  return call('auth.thingsDelete', { params: { id } });
}
