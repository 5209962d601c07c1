import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, literalUnion, Nullable } from '../../world/common.ts';
import { serviceOp } from '../types.ts';
import { support } from './op-helpers.ts';
import { Moment } from './tabs.ts';

/** Defaults and bounds of the socket log panel (seed 001 §2 "Socket log panel"). */
export const SOCKET_LOG_PANEL = { defaultLimit: 50, maxLimit: 500, maxLinkIds: 50 } as const;

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 60, description });

/** The panel's filters: every one optional; with none, the newest records of both sources. */
export const SocketLogQuerySchema = ClosedObject({
  class: Type.Optional(Name('Message class (socket logs)')),
  operation: Type.Optional(Name('Message operation (socket logs)')),
  start: Type.Optional(Moment('From this moment')),
  end: Type.Optional(Moment('Up to this moment')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SOCKET_LOG_PANEL.maxLimit })),
  like: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Text a log message, or a socket log’s class, operation or client id, contains (any case)',
    }),
  ),
  group: Type.Optional(Name('Log group, e.g. homeKit')),
  level: Type.Optional(Name('Log level: debug, info, warn, error')),
  user: Type.Optional(
    Type.String({ minLength: 1, maxLength: 254, description: 'Client id of a socket log' }),
  ),
  linkIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0 }), { maxItems: SOCKET_LOG_PANEL.maxLinkIds, uniqueItems: true }),
  ),
  socketLogs: Type.Optional(Type.Boolean({ description: 'Read the socket logs (default on)' })),
  logs: Type.Optional(Type.Boolean({ description: 'Read the hub logs (default on)' })),
});
export type SocketLogQuery = Static<typeof SocketLogQuerySchema>;

export const SocketLogRowSchema = Type.Object({
  id: Type.String({ description: 'source:_id, unique in an answer' }),
  source: literalUnion(['socketLogs', 'logs']),
  time: DateTimeString(),
  linkId: Type.Integer(),
  ...fields(() => Nullable(Type.String()), 'class', 'operation', 'direction', 'clientType', 'clientId'),
  ...fields(() => Nullable(Type.String()), 'group', 'level', 'message', 'logSource'),
  record: Type.Unknown({ description: 'The stored record, for its details dialog' }),
});
export type SocketLogRow = Static<typeof SocketLogRowSchema>;

export const SocketLogAnswerSchema = Type.Object({
  rows: Type.Array(SocketLogRowSchema),
  limit: Type.Integer(),
});
export type SocketLogAnswer = Static<typeof SocketLogAnswerSchema>;

/** The socket log panel's read over `socketlogs` and `logs`, newest first, merged by time. */
export const socketLogOperations = [
  serviceOp('search', ['support plus'])('search.socketLogPanel', 'POST', '/api/supportPlus/socketlog-panel', {
    access: support,
    summary:
      'Socket log panel: stored socket logs and hub logs by class, operation, time, text, group, level, user, links',
    body: SocketLogQuerySchema,
    response: SocketLogAnswerSchema,
  }),
] as const;
