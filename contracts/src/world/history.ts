import { type Static, Type } from '@sinclair/typebox';
import { CLIENT_TYPES } from '../hub-message.ts';
import { fields, LinkId, literalUnion, type Stored, Timestamp } from './common.ts';

const ClientTypeSchema = literalUnion(CLIENT_TYPES);

/** A structure sync, `syncupdates` (the Sync tab). */
export const SyncUpdateSchema = Type.Object({
  rootGroupId: Type.String(),
  linkId: LinkId(),
  createdDate: Timestamp(),
  state: Type.Object({
    type: Type.String({ description: 'e.g. sync, configNumber, systemStorageNumber (offers Fix Storage)' }),
    subType: Type.String({ description: 'e.g. full, partial, errorState-is-set' }),
    caller: Type.String({ description: 'Who asked: link2, user, admin, server' }),
    errorCount: Type.Integer({ minimum: 0 }),
  }),
  errorSyncUpdateId: Type.Optional(
    Type.String({
      description: 'Set on the update that put a hub in error state; the hub names the same id',
    }),
  ),
  data: Type.Array(
    Type.Object({
      authedHubObj: Type.Object({
        authPayload: Type.Object({
          ...fields(Type.Integer, 'factoryConfig', 'configNumber', 'deviceMinId'),
        }),
      }),
    }),
  ),
});
export type SyncUpdate = Static<typeof SyncUpdateSchema>;
export type SyncUpdateDoc = Stored<typeof SyncUpdateSchema>;

/** One request and its replies, `transactions` (the Trans tab). */
export const TransactionSchema = Type.Object({
  rootGroupId: Type.String(),
  linkId: Type.Optional(LinkId()),
  messages: Type.Array(
    Type.Object({ clientType: ClientTypeSchema, clientId: Type.String(), clientDeviceId: Type.String() }),
  ),
  tags: Type.Array(Type.String()),
  successList: Type.Array(Type.Boolean(), { description: 'Success of each item' }),
  startDate: Timestamp(),
  ...fields(Type.String, 'class', 'operation'),
  duration: Type.Number({ minimum: 0, description: 'Latency in milliseconds' }),
  ...fields(Type.Boolean, 'success', 'warning'),
  firstMsgInfo: Type.Record(Type.String(), Type.Unknown()),
  createdDate: Timestamp(),
});
export type Transaction = Static<typeof TransactionSchema>;
export type TransactionDoc = Stored<typeof TransactionSchema>;

/** A hub log record, `logs` (the Logs tab). */
export const LogSchema = Type.Object({
  rootGroupId: Type.String(),
  linkId: LinkId(),
  createdDate: Timestamp(),
  item: Type.Object({
    payload: Type.Object({
      group: Type.String({ description: 'e.g. homeKit, system, device' }),
      level: Type.String({ description: 'debug, info, warn, error' }),
      ...fields(Type.String, 'message', 'source'),
    }),
  }),
});
export type Log = Static<typeof LogSchema>;
export type LogDoc = Stored<typeof LogSchema>;

/** One message in or out of a hub, `socketlogs` (the socket log panel). */
export const SocketLogSchema = Type.Object({
  hubId: LinkId(),
  clientId: Type.String({ description: 'The other end of the message' }),
  clientType: ClientTypeSchema,
  direction: literalUnion(['request', 'response', 'notification']),
  ...fields(Type.String, 'class', 'operation'),
  createdDate: Timestamp(),
  msg: Type.Record(Type.String(), Type.Unknown(), { description: 'The hub message envelope' }),
});
export type SocketLog = Static<typeof SocketLogSchema>;
export type SocketLogDoc = Stored<typeof SocketLogSchema>;

/** A finished connection of a client to a worker, `workerconnections` (the Conns tab, worker connections). */
export const WorkerConnectionSchema = Type.Object({
  handlerId: Type.String({ description: '{clientType}.{clientId}.{deviceId}' }),
  clientType: ClientTypeSchema,
  clientId: Type.String(),
  rootGroupId: Type.Optional(Type.String()),
  createdDate: Timestamp('When the connection started'),
  removedDate: Timestamp('When it ended'),
  connectionDuration: Type.Number({ minimum: 0, description: 'Milliseconds' }),
  oldWorker: Type.Object({
    addedDate: Type.Union([Timestamp(), Type.Null()], {
      description: 'When the worker took the client; null on records of workers that did not say',
    }),
    workerUniqueId: Type.String(),
  }),
});
export type WorkerConnection = Static<typeof WorkerConnectionSchema>;
export type WorkerConnectionDoc = Stored<typeof WorkerConnectionSchema>;
