import {
  CORRELATION_HTTP_HEADER,
  DELETE_UNEXECUTED_CONFIRMATION,
  GEN1_COMMANDS_PAGE,
  GEN1_COMMANDS_REFRESH,
  type Gen1CommandList,
  type Gen1CommandResult,
  type Gen1DeleteResult,
  type Gen1Pings,
} from '@console/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';

const enc = encodeURIComponent;

export const wflKeys = {
  all: (mac: string) => ['wfl', mac] as const,
  pings: (mac: string) => ['wfl', mac, 'pings'] as const,
  commands: (mac: string) => ['wfl', mac, 'commands'] as const,
  newest: (mac: string) => ['wfl', mac, 'commands', 'newest'] as const,
  noReply: (mac: string) => ['wfl', mac, 'commands', 'no-reply'] as const,
};

/** GET /api/support/pingsq/latest/:mac — the latest pings and whether the link is online. */
export function pingsQueryOptions(mac: string) {
  return queryOptions({
    queryKey: wflKeys.pings(mac),
    queryFn: ({ signal }) => apiRequest<Gen1Pings>(`/api/support/pingsq/latest/${enc(mac)}`, { signal }),
  });
}

/** GET /api/support/wflCommands/:mac/:count[/:lastId] — 15 per load, each older than the last. */
export function commandsInfiniteQueryOptions(mac: string) {
  return infiniteQueryOptions({
    queryKey: wflKeys.commands(mac),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Gen1CommandList>(
        `/api/support/wflCommands/${enc(mac)}/${GEN1_COMMANDS_PAGE}${pageParam ? `/${pageParam}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.more ? (last.commands.at(-1)?.id ?? null) : null),
  });
}

/** The newest 10 rows, which a refresh merges into the table. */
export function newestCommandsQueryOptions(mac: string) {
  return queryOptions({
    queryKey: wflKeys.newest(mac),
    queryFn: ({ signal }) =>
      apiRequest<Gen1CommandList>(`/api/support/wflCommands/${enc(mac)}/${GEN1_COMMANDS_REFRESH}`, {
        signal,
      }),
  });
}

/** GET /api/support/wflcommands/noReplayCommands/:mac */
export function noReplyQueryOptions(mac: string) {
  return queryOptions({
    queryKey: wflKeys.noReply(mac),
    queryFn: ({ signal }) =>
      apiRequest<Gen1CommandList>(`/api/support/wflcommands/noReplayCommands/${enc(mac)}`, { signal }),
  });
}

/** DELETE /api/support/wflCommands/:mac — after "yes" was typed in the confirm modal. */
export function deleteUnexecuted(mac: string): Promise<Gen1DeleteResult> {
  return apiRequest<Gen1DeleteResult>(`/api/support/wflCommands/${enc(mac)}`, {
    method: 'DELETE',
    body: { confirmation: DELETE_UNEXECUTED_CONFIRMATION },
  });
}

/**
 * GET /api/impersonate-user/:userId/:deviceId/:command — the address is the link's MAC;
 * `correlationId` names the poke for the command waterfall (x-correlation-id).
 */
export function sendAsUser(
  userId: number,
  address: string,
  command: string,
  correlationId?: string,
): Promise<Gen1CommandResult> {
  return apiRequest<Gen1CommandResult>(`/api/impersonate-user/${userId}/${enc(address)}/${enc(command)}`, {
    ...(correlationId ? { headers: { [CORRELATION_HTTP_HEADER]: correlationId } } : {}),
  });
}
