import {
  type ApiCommandLogPage,
  WFL_PANEL_PAGE,
  type WflLinkView,
  type WflLogPage,
  type WflPlistView,
  type WflTriggers,
  type WflView,
} from '@console/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const panelKeys = {
  wfl: (wflId: number) => ['wfl-panels', wflId] as const,
  panel: (wflId: number, panel: string) => ['wfl-panels', wflId, panel] as const,
  alexa: (userId: number) => ['wfl-panels', 'alexa', userId] as const,
};

/** GET /api/support/wfl/:wflId/plist */
export const plistQueryOptions = (wflId: number) =>
  queryOptions({
    queryKey: panelKeys.panel(wflId, 'plist'),
    queryFn: ({ signal }): Promise<WflPlistView> => call('search.wflPlist', { params: { wflId }, signal }),
  });
/** GET /api/support/wfl/:wflId/hub */
export const hubQueryOptions = (wflId: number) =>
  queryOptions({
    queryKey: panelKeys.panel(wflId, 'hub'),
    queryFn: ({ signal }): Promise<WflView> => call('search.wflHub', { params: { wflId }, signal }),
  });
/** GET /api/support/wfl/:wflId/link */
export const linkQueryOptions = (wflId: number) =>
  queryOptions({
    queryKey: panelKeys.panel(wflId, 'link'),
    queryFn: ({ signal }): Promise<WflLinkView> => call('search.wflLinkPanel', { params: { wflId }, signal }),
  });
/** GET /api/support/wfl/:wflId/triggers */
export const triggersQueryOptions = (wflId: number) =>
  queryOptions({
    queryKey: panelKeys.panel(wflId, 'triggers'),
    queryFn: ({ signal }): Promise<WflTriggers> => call('search.wflTriggers', { params: { wflId }, signal }),
  });

/** A newest-first list loaded WFL_PANEL_PAGE rows at a time, each load older than the last row. */
const paged = <T extends ApiCommandLogPage | WflLogPage>(wflId: number, panel: 'apiCommands' | 'logs') =>
  infiniteQueryOptions({
    queryKey: panelKeys.panel(wflId, panel),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      call(panel === 'logs' ? 'search.wflLogs' : 'search.wflApiCommands', {
        params: { wflId },
        query: { limit: WFL_PANEL_PAGE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }) as Promise<T>,
    getNextPageParam: (last: T) => (last.more ? (last.rows.at(-1)?.id ?? null) : null),
  });

/** GET /api/support/wfl/:wflId/apiCommands?before= — the public-API command log. */
export const apiCommandsQueryOptions = (wflId: number) => paged<ApiCommandLogPage>(wflId, 'apiCommands');
/** GET /api/support/wfl/:wflId/logs?before= — what the link logged. */
export const logsQueryOptions = (wflId: number) => paged<WflLogPage>(wflId, 'logs');

/** GET /api/support/user/:userId/alexaDiscovered */
export function alexaQueryOptions(userId: number) {
  return queryOptions({
    queryKey: panelKeys.alexa(userId),
    queryFn: ({ signal }) => call('search.gen1AlexaDiscovered', { params: { userId }, signal }),
  });
}
