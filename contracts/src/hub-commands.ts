import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { HubMessage } from './hub-message.ts';
import { DateTimeString, fields } from './world/common.ts';
import { BackupSummarySchema } from './world/records.ts';

/**
 * The commands a Gen2 hub answers, by class and operation, with the payload of a request item and
 * of a successful response item. Backups travel in the `system` class: the live monitor's class
 * list (Support Plus spec §9) has no class of their own.
 */
export const HUB_PROTOCOL_VERSION = '1.0';

/** Error detail of a failed item; the spec's get-live-info error names group and code. */
export const HubItemErrorSchema = Type.Object({
  ...fields(Type.Integer, 'group', 'code'),
  message: Type.String(),
});
export type HubItemError = Static<typeof HubItemErrorSchema>;

/** Reset types of the link actions (Support Plus spec §4); restart is the default. */
export const RESET_TYPES = ['restart', 'pairing', 'fixStorage'] as const;
export type ResetType = (typeof RESET_TYPES)[number];

export const DEVICE_STATUSES = ['connected', 'disconnected', 'unknown'] as const;

/** The diagnostics value meaning 'Un-pair was received, see diagnostics' (Support Plus spec §4). */
export const UNPAIRED_DIAGNOSTICS = 167772160;

const Ms = (description: string) => Type.Number({ description: `Unix time in ms: ${description}` });
const FeatureValue = Type.Union([Type.Number(), Type.Boolean(), Type.String()]);

export const ConnectionStatsSchema = Type.Object({
  average: Type.Number({ description: 'ms' }),
  count: Type.Integer(),
  min: Type.Number({ description: 'ms' }),
  max: Type.Number({ description: 'ms' }),
});
export type ConnectionStats = Static<typeof ConnectionStatsSchema>;

/** The system read answer: the survey's success fields (analytics spec §3) and the hub card's. */
export const SystemInfoSchema = Type.Object({
  handlerId: Type.String({ description: 'type.clientId.deviceId of the hub channel' }),
  ...fields(Type.String, 'rootGroupId', 'firmwareVersion'),
  ...fields(
    Type.Integer,
    'configNumber',
    'systemStorageNumber',
    'factoryConfig',
    'factoryResets',
    'deviceMinId',
  ),
  uptime: Type.Integer({ description: 'seconds' }),
  ...fields(Type.Boolean, 'homeKitPaired', 'errorState', 'locked'),
  lockedSince: Type.Union([Type.Number(), Type.Null()]),
  ...fields(Type.Integer, 'devices', 'automations'),
  groupAccess: Type.Array(Type.String()),
});
export type SystemInfo = Static<typeof SystemInfoSchema>;

export const LiveInfoSchema = Type.Object({
  connectedSince: Ms('connected since'),
  workerId: Type.String(),
  uptime: Type.Integer({ description: 'seconds' }),
  stats: ConnectionStatsSchema,
});
export type LiveInfo = Static<typeof LiveInfoSchema>;

export const BackupSchema = Type.Object({
  backupId: Type.String(),
  linkId: Type.Integer(),
  ...fields(Type.String, 'deviceId', 'structureId'),
  createdDate: DateTimeString(),
  reason: Type.String(),
  keep: Type.Boolean(),
  restores: Type.Integer(),
  firmwareVersion: Type.String(),
  summary: BackupSummarySchema,
});
export type Backup = Static<typeof BackupSchema>;

export const FirmwareReleaseSchema = Type.Object({
  ...fields(Type.String, 'releaseId', 'releaseName', 'version'),
  categories: Type.Array(Type.String(), { description: "'internal' needs the firmware role" }),
  notForGeneralRelease: Type.Boolean(),
});
export type FirmwareRelease = Static<typeof FirmwareReleaseSchema>;

function command<C extends string, O extends string, Q extends TSchema, R extends TSchema>(
  cls: C,
  operation: O,
  request: Q,
  response: R,
) {
  return { class: cls, operation, request, response } as const;
}

const Empty = Type.Object({});
const BackupRef = Type.Object({ backupId: Type.String({ minLength: 1 }) });

export const HUB_COMMANDS = {
  systemRead: command(
    'system',
    'read',
    Type.Object({ admin: Type.Optional(Type.Boolean()) }),
    SystemInfoSchema,
  ),
  systemReset: command(
    'system',
    'reset',
    Type.Object({ type: Type.Union(RESET_TYPES.map((t) => Type.Literal(t))) }),
    Type.Object({ type: Type.String(), accepted: Type.Boolean() }),
  ),
  systemSync: command(
    'system',
    'sync',
    Type.Object({ forceSync: Type.Boolean() }),
    Type.Object({ configNumber: Type.Integer(), queued: Type.Boolean() }),
  ),
  systemRemove: command('system', 'remove', Empty, Type.Object({ removed: Type.Boolean() })),
  systemResetErrorState: command(
    'system',
    'resetErrorState',
    Type.Object({ errorState: Type.Boolean() }),
    Type.Object({ errorState: Type.Boolean() }),
  ),
  systemLiveInfo: command('system', 'liveInfo', Empty, LiveInfoSchema),
  /** Move Links (analytics spec §2): the hub reconnects through the server named (host:port). */
  systemMove: command(
    'system',
    'move',
    Type.Object({
      server: Type.String({ pattern: '^[A-Za-z0-9.-]{1,200}(:[0-9]{1,5})?$', description: 'host:port' }),
    }),
    Type.Object({ server: Type.String(), reconnectInMs: Type.Integer() }),
  ),
  backupCreate: command(
    'system',
    'backupCreate',
    Type.Object({ deviceId: Type.Optional(Type.String()), reason: Type.Optional(Type.String()) }),
    BackupSchema,
  ),
  backupRestore: command('system', 'backupRestore', BackupRef, BackupSchema),
  backupGet: command('system', 'backupGet', BackupRef, BackupSchema),
  backupUpdate: command(
    'system',
    'backupUpdate',
    Type.Object({ ...BackupRef.properties, keep: Type.Boolean() }),
    BackupSchema,
  ),
  backupList: command('system', 'backupList', Empty, Type.Object({ backups: Type.Array(BackupSchema) })),
  firmwareRead: command(
    'firmware',
    'read',
    Type.Object({ deviceId: Type.String(), notForGeneralRelease: Type.Boolean() }),
    Type.Object({
      ...fields(Type.String, 'deviceId', 'productCode', 'firmwareVersion'),
      releases: Type.Array(FirmwareReleaseSchema),
    }),
  ),
  firmwareUpdate: command(
    'firmware',
    'update',
    Type.Object({ deviceId: Type.String(), releaseId: Type.String(), productCode: Type.String() }),
    Type.Object({ deviceId: Type.String(), previousVersion: Type.String(), firmwareVersion: Type.String() }),
  ),
  /** One fragment of a firmware file uploaded from the admin console (Direct or Link-Direct). */
  firmwareFragment: command(
    'firmware',
    'fragment',
    Type.Object({
      fragmentIndex: Type.Integer({ minimum: 0 }),
      fragmentCount: Type.Integer({ minimum: 1 }),
      fragmentData: Type.String({ maxLength: 10_000 }),
      fileName: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    Type.Object({ fragmentIndex: Type.Integer(), received: Type.Integer(), complete: Type.Boolean() }),
  ),
  /** The Automation Check of the admin console (analytics spec §2, §3 Automation). */
  automationList: command(
    'automation',
    'list',
    Empty,
    Type.Object({
      automations: Type.Array(
        Type.Object({
          automationId: Type.String(),
          name: Type.String(),
          category: Type.String(),
          active: Type.Boolean(),
        }),
      ),
    }),
  ),
  automationRead: command(
    'automation',
    'read',
    Type.Object({ automationId: Type.String({ minLength: 1 }) }),
    Type.Object({
      automationId: Type.String(),
      name: Type.String(),
      category: Type.String(),
      active: Type.Boolean(),
      script: Type.String(),
    }),
  ),
  featureRead: command(
    'feature',
    'read',
    Type.Object({ featureId: Type.String() }),
    Type.Object({ featureId: Type.String(), value: FeatureValue }),
  ),
  featureWrite: command(
    'feature',
    'write',
    Type.Object({ featureId: Type.String(), value: FeatureValue }),
    Type.Object({ featureId: Type.String(), value: FeatureValue }),
  ),
  deviceStatus: command(
    'device',
    'status',
    Type.Object({ deviceId: Type.String() }),
    Type.Object({
      deviceId: Type.String(),
      status: Type.Union(DEVICE_STATUSES.map((s) => Type.Literal(s))),
      diagnostics: Type.Optional(Type.Number()),
    }),
  ),
} as const;
export type HubCommandName = keyof typeof HUB_COMMANDS;
export type HubCommandRequest<N extends HubCommandName> = Static<(typeof HUB_COMMANDS)[N]['request']>;
export type HubCommandResponse<N extends HubCommandName> = Static<(typeof HUB_COMMANDS)[N]['response']>;

/**
 * A table of hub message kinds from `name: 'class operation'` pairs:
 * `classOperations({ log: 'log add' })` is `{ log: { class: 'log', operation: 'add' } }`.
 */
export const classOperations = <const T extends Record<string, `${string} ${string}`>>(table: T) =>
  Object.fromEntries(
    Object.entries(table).map(([name, pair]) => {
      const [cls, operation] = pair.split(' ');
      return [name, { class: cls, operation }];
    }),
  ) as {
    [K in keyof T]: T[K] extends `${infer C} ${infer O}`
      ? { readonly class: C; readonly operation: O }
      : never;
  };

/** What a hub sends unasked (direction 'notification'), by class and operation. */
export const HUB_NOTIFICATIONS = classOperations({
  featureChanged: 'feature event',
  deviceStatus: 'device status',
  log: 'log add',
  notification: 'pushnotify send',
  firmwareProgress: 'firmware progress',
});

export const HubLogPayloadSchema = Type.Object({
  group: Type.String(),
  level: Type.Union([
    Type.Literal('debug'),
    Type.Literal('info'),
    Type.Literal('warn'),
    Type.Literal('error'),
  ]),
  ...fields(Type.String, 'message', 'source'),
});
export type HubLogPayload = Static<typeof HubLogPayloadSchema>;

/** NATS headers on a hub command: who is asking, for the socket log and the transaction. */
export const HUB_CLIENT_HEADERS = { type: 'Console-Client-Type', id: 'Console-Client-Id' } as const;

/**
 * The command waterfall's correlation id (docs/architecture.md "Command waterfall"): the gateway
 * sets it on every API request it forwards (the console's own `x-correlation-id` when it is well
 * formed, else a fresh UUID) with the time it accepted the request; hub-control passes it on the
 * `hub.<id>.cmd` request; the hub answers with it and puts it on every message the command causes.
 */
export const CORRELATION_HEADERS = {
  id: 'Console-Correlation-Id',
  /** ms since the epoch, when the gateway accepted the API request (only on api.> requests). */
  acceptedAt: 'Console-Accepted-At',
} as const;
/** The HTTP header a console may send to choose an action's correlation id (and gets back). */
export const CORRELATION_HTTP_HEADER = 'x-correlation-id';
const correlationShape = /^[A-Za-z0-9_-]{8,64}$/;
export const CORRELATION_ID_PATTERN = correlationShape.source;
export function isCorrelationId(v: unknown): v is string {
  return typeof v === 'string' && correlationShape.test(v);
}

// A random start far apart per process: the AUDIT stream drops a second record with the same
// transaction id (its message id) inside its duplicate window, so two instances must not overlap.
let lastTransactionId = Math.floor(Math.random() * 2 ** 40) * 1000;

/** Transaction ids of this process: they pair a response with its request. */
export function nextTransactionId(): number {
  lastTransactionId += 1;
  return lastTransactionId;
}

/** A request envelope for one command: one item per payload, itemIds from 0. */
export function hubRequest<N extends HubCommandName>(
  name: N,
  senderId: string,
  payloads: HubCommandRequest<N>[],
  transactionId = nextTransactionId(),
): HubMessage {
  const c = HUB_COMMANDS[name];
  return {
    version: HUB_PROTOCOL_VERSION,
    transactionId,
    senderId,
    direction: 'request',
    class: c.class,
    operation: c.operation,
    items: payloads.map((payload, itemId) => ({ itemId, payload: payload as Record<string, unknown> })),
  };
}

/** The command a (class, operation) pair names, or null for one no hub answers. */
export function hubCommandOf(cls: string, operation: string): HubCommandName | null {
  for (const [name, c] of Object.entries(HUB_COMMANDS)) {
    if (c.class === cls && c.operation === operation) return name as HubCommandName;
  }
  return null;
}

/**
 * The link id inside a deviceId or featureId of the form `{structure}-{number}-{linkId}+{index}`
 * (Support Plus spec §3), or null when the id is not of that form.
 */
export function linkIdOf(id: string): number | null {
  const m = /-(\d+)-(\d{1,15})\+\d+$/.exec(id);
  if (!m?.[2]) return null;
  const n = Number(m[2]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
