import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, Nullable } from '../world/common.ts';
import { serviceOp } from './types.ts';

/** Recent Failed Commands, the Support Plus overview's side bar (seed 001 §2): click to load. */
export const RECENT_FAILED = { limit: 20, maxLimit: 100 } as const;

export const FailedCommandSchema = Type.Object({
  id: Type.String({ description: 'The transaction record id' }),
  createdDate: Type.String({ description: 'ISO 8601' }),
  rootGroupId: Nullable(Type.String()),
  linkId: Nullable(Type.Integer()),
  action: Type.String({ description: 'What a person calls it, else class.operation' }),
  class: Type.String(),
  operation: Type.String(),
  state: Type.String({ description: 'failed, timedOut, or failed for older records' }),
  error: Nullable(Type.String()),
  staff: Type.Union([Type.String(), Type.Null()], { description: 'Who sent it (e-mail), when known' }),
  duration: Type.Union([Type.Number(), Type.Null()], { description: 'ms' }),
});
export type FailedCommand = Static<typeof FailedCommandSchema>;

export const recentFailedOperations = [
  serviceOp('hub-control', ['hub-control'])(
    'hub-control.recentFailedCommands',
    'GET',
    '/api/supportPlus/transactions/recent-failed',
    {
      access: ['support', 'dev'],
      summary: `Recent failed commands (success not true), newest first; limit ${RECENT_FAILED.limit} by default, at most ${RECENT_FAILED.maxLimit}`,
      querystring: ClosedObject({
        limit: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: RECENT_FAILED.maxLimit,
            description: `Default ${RECENT_FAILED.limit}`,
          }),
        ),
      }),
      response: Type.Object({ rows: Type.Array(FailedCommandSchema) }),
    },
  ),
] as const;
