import { CORRELATION_HTTP_HEADER, type HubActionResult, type HubCard } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const hubCardQueryKey = (hubId: number) => ['hub-card', hubId] as const;

/** Presence and the last system read of one hub (GET /api/supportPlus/hub/:hubId). */
export function hubCardQueryOptions(hubId: number) {
  return queryOptions({
    queryKey: hubCardQueryKey(hubId),
    queryFn: ({ signal }) => apiRequest<HubCard>(`/api/supportPlus/hub/${hubId}`, { signal }),
  });
}

/**
 * One Support Plus socket action (POST /api/supportPlus/socket/<path>); `correlationId` names it for
 * the command waterfall (the panel finds its stages by it while the action is pending).
 */
export function runHubAction(
  path: string,
  body: Record<string, unknown>,
  correlationId?: string,
): Promise<HubActionResult> {
  return apiRequest<HubActionResult>(`/api/supportPlus/socket/${path}`, {
    method: 'POST',
    body,
    ...(correlationId ? { headers: { [CORRELATION_HTTP_HEADER]: correlationId } } : {}),
  });
}
