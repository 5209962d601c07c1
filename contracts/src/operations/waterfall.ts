import { type Static, Type } from '@sinclair/typebox';
import { CORRELATION_ID_PATTERN } from '../hub-commands.ts';
import { ClosedObject, Nullable } from '../world/common.ts';
import { transactionAnswer } from './hub-control.ts';
import { serviceOp } from './types.ts';

/**
 * The command waterfall (issue 17, item 2): the timed stages of one hub action, from the gateway
 * accepting the API call to the audit record, and the cancel of a still-pending action.
 */
export const STAGE_KINDS = [
  'accepted',
  'sent',
  'response',
  'event',
  'outcome-unknown',
  'failed',
  'cancelled',
  'audit',
] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

/** How often a console asks again while an action is pending (the brief: at most 500 ms). */
export const WATERFALL_POLL_MS = 300;

export const ActionStageSchema = Type.Object({
  kind: Type.Union(STAGE_KINDS.map((k) => Type.Literal(k))),
  label: Type.String({ description: 'What a person reads: "sent to the hub", "feature.event"…' }),
  at: Type.Number({ description: 'ms since the epoch' }),
  offsetMs: Type.Number({ description: 'ms after the first stage' }),
  late: Type.Boolean({ description: 'Arrived after the action was cancelled or timed out' }),
  detail: Type.Optional(Type.String()),
});
export type ActionStage = Static<typeof ActionStageSchema>;

export const ACTION_WATERFALL_STATES = ['pending', 'replied', 'failed', 'timedOut', 'cancelled'] as const;

/**
 * A hub action's stored transaction state (the timeline's outcome badge): `sent` until it ends;
 * `cancelled` when a staff member stopped waiting (the hub may still act).
 */
export const TRANSACTION_STATES = ['sent', 'replied', 'failed', 'timedOut', 'cancelled'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

export const ActionWaterfallSchema = Type.Object({
  transactionId: Type.Integer(),
  correlationId: Type.String(),
  hubId: Nullable(Type.Integer()),
  action: Type.String(),
  staff: Type.String({ description: 'Who ran it (name)' }),
  state: Type.Union(ACTION_WATERFALL_STATES.map((s) => Type.Literal(s))),
  cancelledBy: Type.Union([Type.String(), Type.Null()], { description: 'The staff member who cancelled' }),
  stages: Type.Array(ActionStageSchema, { description: 'In time order' }),
});
export type ActionWaterfall = Static<typeof ActionWaterfallSchema>;

export const CancelActionResultSchema = transactionAnswer({ cancelledBy: Type.String() });
export type CancelActionResult = Static<typeof CancelActionResultSchema>;

const waterfallOp = serviceOp('hub-control', ['hub-control']);
const TransactionParams = ClosedObject({
  transactionId: Type.String({ pattern: '^[0-9]{1,16}$', description: 'The action’s transaction id' }),
});
const access = ['support', 'dev'] as const;

export const waterfallOperations = [
  waterfallOp('hub-control.actionStages', 'GET', '/api/supportPlus/actions/:transactionId', {
    access: [...access],
    summary: 'The timed stages of one hub action (the command waterfall); 404 until it was sent',
    params: TransactionParams,
    response: ActionWaterfallSchema,
  }),
  waterfallOp(
    'hub-control.actionStagesByCorrelation',
    'GET',
    '/api/supportPlus/actions/correlation/:correlationId',
    {
      access: [...access],
      summary:
        'The same waterfall found by the correlation id the console sent (x-correlation-id), while the action is still pending',
      params: ClosedObject({ correlationId: Type.String({ pattern: CORRELATION_ID_PATTERN }) }),
      response: ActionWaterfallSchema,
    },
  ),
  waterfallOp('hub-control.cancelAction', 'POST', '/api/supportPlus/actions/:transactionId/cancel', {
    access: [...access],
    summary:
      'Cancel a still-pending hub action: the console stops waiting, the transaction records who cancelled; a late reply is still recorded',
    params: TransactionParams,
    response: CancelActionResultSchema,
  }),
] as const;
