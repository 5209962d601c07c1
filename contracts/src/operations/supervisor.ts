import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { CLIENT_TYPES } from '../hub-message.ts';
import { HostThresholdsSchema, HostViewSchema, ProcessInfoSchema } from '../supervisor.ts';
import { ClosedObject, DateTimeString, fields, literalUnion, Nullable } from '../world/common.ts';
import { op } from './types.ts';

/**
 * The supervisor service: the supervisord host board (core spec §2, §7) and worker connections
 * (analytics spec §2, §7). Both are admin only (analytics spec §6: supervisor, worker connections).
 */
function body<T extends TProperties>(props: T) {
  return ClosedObject(props);
}
const HostId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The host id (its _id)' });
const Message = Type.Object({ message: Type.String() });
// A pattern, not `format: 'date-time'`: the services' compiled validators know no formats.
const IsoDate = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
    maxLength: 40,
    description: `${description} (ISO 8601, e.g. 2025-05-01T00:00:00Z)`,
  });

/** Typed confirmation of the worker-connection delete (analytics spec §5: type yes, any case). */
export const WORKER_DELETE_CONFIRMATION = 'yes';
export const WORKER_TEXT = {
  cancelled: 'Deletion cancelled.',
} as const;
export const WORKER_LIMITS = {
  /** Hides links disconnected this recently (ignore recent). */
  ignoreRecentMs: 15 * 60_000,
  /** Default before-date of count / get / delete: this long ago. */
  beforeDays: 90,
  /** `get` returns this many records. */
  getLimit: 10,
  /** The offline report reads at most this many connection records (a wider range is refused). */
  scanMax: 50_000,
} as const;

export const HostsListSchema = Type.Object({
  hosts: Type.Array(HostViewSchema),
  thresholds: HostThresholdsSchema,
  at: DateTimeString('The server time the derived fields were computed at'),
});
export type HostsList = Static<typeof HostsListSchema>;

export const ProcessInfoReplySchema = Type.Object({
  hostId: Type.String(),
  processes: Type.Array(ProcessInfoSchema),
  fetchedAt: DateTimeString(),
});
export type ProcessInfoReply = Static<typeof ProcessInfoReplySchema>;

const ClientType = Type.Union(
  CLIENT_TYPES.map((c) => Type.Literal(c)),
  { default: 'link2', description: 'Client type of the worker connections' },
);

export const WorkerOfflineQuerySchema = body({
  clientType: ClientType,
  fromDate: IsoDate('Connections that ended at or after this time'),
  toDate: Type.Optional(IsoDate('…and before this time (default: now)')),
  ignoreRecent: Type.Optional(
    Type.Boolean({ description: 'Leave out links disconnected in the last 15 minutes (counted apart)' }),
  ),
});
export type WorkerOfflineQuery = Static<typeof WorkerOfflineQuerySchema>;

export const NotOnlineRecordSchema = Type.Object({
  clientId: Type.String(),
  count: Type.Integer({ description: 'Connections of this client that ended in the range' }),
  lastRemoved: DateTimeString('When its last connection ended'),
  structureId: Type.Union([Type.String(), Type.Null()], { description: 'shared.allWorkers.structureId' }),
  factoryConfig: Type.Union([Type.String(), Type.Null()], { description: 'attributes.factoryConfig' }),
  firmwareVersion: Type.Union([Type.String(), Type.Null()], { description: 'attributes.firmwareVersion' }),
  worker: Type.Union([Type.String(), Type.Null()], { description: 'The worker of its last connection' }),
});
export type NotOnlineRecord = Static<typeof NotOnlineRecordSchema>;

export const WorkerOfflineReportSchema = Type.Object({
  notOnline: Type.Array(NotOnlineRecordSchema),
  onlineNow: Type.Integer({
    description: 'Clients with a connection ended in the range that are connected now',
  }),
  onlinePrev: Type.Integer({
    description: 'Clients with a connection ended in the period of the same length just before the range',
  }),
  ignoredRecent: Type.Integer({
    description: 'Clients left out because they disconnected in the last 15 min',
  }),
  scanned: Type.Integer({ description: 'Connection records read' }),
});
export type WorkerOfflineReport = Static<typeof WorkerOfflineReportSchema>;

export const WorkerOldQuerySchema = body({
  clientType: ClientType,
  before: IsoDate('Connections that ended before this time (default 90 days ago)'),
  addedDateNull: Type.Boolean({ description: 'Only records whose worker added date is missing' }),
});
export type WorkerOldQuery = Static<typeof WorkerOldQuerySchema>;

export const WorkerConnectionRowSchema = Type.Object({
  ...fields(Type.String, '_id', 'handlerId', 'clientType', 'clientId'),
  rootGroupId: Nullable(Type.String()),
  createdDate: Nullable(DateTimeString()),
  removedDate: Nullable(DateTimeString()),
  connectionDuration: Nullable(Type.Number()),
  addedDate: Nullable(DateTimeString()),
  worker: Nullable(Type.String()),
});
export type WorkerConnectionRow = Static<typeof WorkerConnectionRowSchema>;

const admin = [] as const;

export const supervisorOperations = [
  op({
    id: 'supervisor.hostsList',
    service: 'supervisor',
    method: 'GET',
    path: '/api/supervisord',
    access: admin,
    summary: 'Every supervisord host with its latest heartbeat and the board’s derived fields',
    tags: ['supervisor'],
    response: HostsListSchema,
  }),
  op({
    id: 'supervisor.hostsAdd',
    service: 'supervisor',
    method: 'POST',
    path: '/api/supervisord',
    access: admin,
    summary: 'Watch a host by name (it shows No heart beat until it sends one)',
    tags: ['supervisor'],
    body: body({
      host: Type.String({ minLength: 1, maxLength: 200, description: 'Host address' }),
      name: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'Host name, also its id' }),
      kind: Type.Optional(literalUnion(['command', 'datamonitor'])),
    }),
    response: HostViewSchema,
  }),
  op({
    id: 'supervisor.hostsDelete',
    service: 'supervisor',
    method: 'DELETE',
    path: '/api/supervisord/:id',
    access: admin,
    summary: 'Remove a host and its history from the board (it comes back with its next heartbeat)',
    tags: ['supervisor'],
    params: body({ id: HostId }),
    response: Message,
  }),
  op({
    id: 'supervisor.processInfo',
    service: 'supervisor',
    method: 'GET',
    path: '/api/supervisord/getAllProcessInfo/:id',
    access: admin,
    summary: "The host's processes, asked of its supervisord now",
    tags: ['supervisor'],
    params: body({ id: HostId }),
    response: ProcessInfoReplySchema,
  }),
  op({
    id: 'supervisor.restart',
    service: 'supervisor',
    method: 'POST',
    path: '/api/supervisord/restart/:id',
    access: admin,
    summary: "Restart the host's processes through its supervisord (typed confirmation 'restart')",
    tags: ['supervisor'],
    params: body({ id: HostId }),
    body: body({
      confirm: Type.String({ maxLength: 40, description: "Must be 'restart'" }),
      process: Type.Optional(Type.String({ maxLength: 100, description: 'One process; all when left out' })),
    }),
    response: ProcessInfoReplySchema,
  }),
  op({
    id: 'supervisor.workerLinksOffline',
    service: 'supervisor',
    method: 'POST',
    path: '/api/worker-connections/getLinksOffline',
    access: admin,
    summary: 'Links whose worker connections ended in the range and that are not online now',
    tags: ['worker-connections'],
    body: WorkerOfflineQuerySchema,
    response: WorkerOfflineReportSchema,
  }),
  op({
    id: 'supervisor.workerCount',
    service: 'supervisor',
    method: 'POST',
    path: '/api/worker-connections/count',
    access: admin,
    summary: 'How many old worker-connection records match',
    tags: ['worker-connections'],
    body: WorkerOldQuerySchema,
    response: Type.Object({ count: Type.Integer() }),
  }),
  op({
    id: 'supervisor.workerGet',
    service: 'supervisor',
    method: 'POST',
    path: '/api/worker-connections/get',
    access: admin,
    summary: 'The first 10 old worker-connection records that match',
    tags: ['worker-connections'],
    body: WorkerOldQuerySchema,
    response: Type.Object({ records: Type.Array(WorkerConnectionRowSchema) }),
  }),
  op({
    id: 'supervisor.workerDelete',
    service: 'supervisor',
    method: 'POST',
    path: '/api/worker-connections/delete',
    access: admin,
    summary: "Delete the old worker-connection records that match (typed confirmation 'yes')",
    tags: ['worker-connections'],
    body: Type.Composite([WorkerOldQuerySchema, body({ confirm: Type.String({ maxLength: 20 }) })], {
      additionalProperties: false,
    }),
    response: Type.Object({ deleted: Type.Integer() }),
  }),
] as const;
