import {
  CORRELATION_HTTP_HEADER,
  type HttpOperation,
  type HubActionResult,
  type HubActionResultSchema,
} from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type CallInput, call, callUnchecked } from '../../../shared/api/call.ts';

export const hubCardQueryKey = (hubId: number) => ['hub-card', hubId] as const;

/** Presence and the last system read of one hub (GET /api/supportPlus/hub/:hubId). */
export function hubCardQueryOptions(hubId: number) {
  return queryOptions({
    queryKey: hubCardQueryKey(hubId),
    queryFn: ({ signal }) => call('hub-control.hub', { params: { hubId }, signal }),
  });
}

/** The Support Plus socket actions on a hub: each answers a HubActionResult. */
export type HubActionId = Extract<HttpOperation, { response: typeof HubActionResultSchema }>['id'];
export type HubActionBody<Id extends HubActionId> = NonNullable<CallInput<Id>['body']>;

/** A hub action and its body, checked against the operation where it is written, sent later (a card's buttons). */
export interface HubRun {
  id: HubActionId;
  body: object;
}

export function hubRun<Id extends HubActionId>(id: Id, body: HubActionBody<Id>): HubRun {
  return { id, body };
}

/**
 * Sends one hub action; `correlationId` names it for the command waterfall (the panel finds its
 * stages by it while the action is pending).
 */
export function sendHubRun(run: HubRun, correlationId?: string): Promise<HubActionResult> {
  return callUnchecked(run.id, {
    body: run.body,
    ...(correlationId ? { headers: { [CORRELATION_HTTP_HEADER]: correlationId } } : {}),
  }) as Promise<HubActionResult>;
}

export function sendHubAction<Id extends HubActionId>(
  id: Id,
  body: HubActionBody<Id>,
  correlationId?: string,
): Promise<HubActionResult> {
  return sendHubRun(hubRun(id, body), correlationId);
}
