import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { ClosedObject, Nullable } from '../../world/common.ts';
import { AGENT_TYPES } from '../../world/records.ts';

/**
 * Default and largest page of each structure tab's read (seed 001 §9): transactions 100, sync
 * updates 500, access requests 50, hub logs 50 (the viewer's default; 500 at most), connections 100
 * (the history is aggregated over the last 100), backups 10 a page, device status 10, the firmware
 * queue the generic endpoints' 150.
 */
export const TAB_LIMITS = {
  transactions: 100,
  syncUpdates: 500,
  connections: 100,
  logs: 50,
  releaseQueue: 150,
  backups: 10,
  accessRequests: 50,
  deviceStatus: 10,
  max: 500,
} as const;

/** A gap between two connections longer than this is "long offline" on the Conns tab (seed 001 §9). */
export const LONG_OFFLINE_MS = 5 * 60_000;

export const TAB_TEXT_MAX = 100;

const RootGroupId = Type.String({ minLength: 1, maxLength: 120, pattern: '^[0-9A-Za-z_-]+$' });
// A pattern, not `format: 'date-time'`: the services' validators register no string formats.
const ISO_MOMENT =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})$';
/** A moment a request names, checked by pattern (see above). */
export const Moment = (description: string) =>
  Type.String({ pattern: ISO_MOMENT, maxLength: 40, description: `${description} (ISO 8601)` });
const Names = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 30, description });

/** The body every paged tab read takes, plus the tab's own filters. */
const tabBody = <E extends TProperties>(tab: keyof typeof TAB_LIMITS, extra: E) =>
  ClosedObject({
    rootGroupId: RootGroupId,
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TAB_LIMITS.max, description: `Default ${TAB_LIMITS[tab]}` }),
    ),
    before: Type.Optional(
      Moment('Only records older than this (the date of the last record shown): the next page, "Get More"'),
    ),
    text: Type.Optional(
      Type.String({ maxLength: TAB_TEXT_MAX, description: 'Case-insensitive text found in the row' }),
    ),
    ...extra,
  });

export const TransactionsBodySchema = tabBody('transactions', {
  classes: Type.Optional(Names('Only these classes')),
  operations: Type.Optional(Names('Only these operations')),
  success: Type.Optional(Type.Boolean({ description: 'Only successful (true) or failed (false)' })),
  start: Type.Optional(Moment('From this moment')),
  end: Type.Optional(Moment('Up to this moment')),
});
export type TransactionsBody = Static<typeof TransactionsBodySchema>;

export const SyncUpdatesBodySchema = tabBody('syncUpdates', {
  start: Type.Optional(Moment('From this moment')),
  end: Type.Optional(Moment('Up to this moment')),
});
export type SyncUpdatesBody = Static<typeof SyncUpdatesBodySchema>;

export const LogsBodySchema = tabBody('logs', {
  group: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
});
export type LogsBody = Static<typeof LogsBodySchema>;

export const ConnectionsBodySchema = tabBody('connections', {});
export const ReleaseQueueBodySchema = tabBody('releaseQueue', {});
export const BackupsBodySchema = tabBody('backups', {
  linkId: Type.Optional(Type.Integer({ minimum: 0, description: 'Only this link' })),
});
export const AccessRequestsBodySchema = tabBody('accessRequests', {});
export const DeviceStatusBodySchema = tabBody('deviceStatus', {
  deviceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type TabBody = Static<typeof ConnectionsBodySchema>;

const Doc = Type.Record(Type.String(), Type.Unknown());

/** One page of a tab: records newest first, secrets removed, dates as ISO strings. */
export const TabPageSchema = Type.Object({
  rows: Type.Array(Doc),
  limit: Type.Integer(),
  more: Type.Boolean({ description: 'The page is full: older records may follow ("Get More")' }),
});
export type TabPage = Static<typeof TabPageSchema>;

export const StructureOnlyBodySchema = ClosedObject({ rootGroupId: RootGroupId });

/** The Notifications tab: the structure's users' notifications for this structure, and the others. */
export const StructureNotificationsSchema = Type.Object({
  thisStructure: Type.Array(Doc, { description: 'Each with the userId and e-mail it belongs to' }),
  others: Type.Array(Doc),
});
export type StructureNotifications = Static<typeof StructureNotificationsSchema>;

export const AgentTypeParamsSchema = ClosedObject({
  type: Type.Union(AGENT_TYPES.map((t) => Type.Literal(t))),
});

/** An agents tab: every record of this type naming the structure (more than one is a structure error). */
export const StructureAgentsSchema = Type.Object({ records: Type.Array(Doc) });
export type StructureAgents = Static<typeof StructureAgentsSchema>;

/** The Alexa lookup's texts (seed 001 §8), by the status of the lookup. */
export const ALEXA_TEXT = {
  internal: 'Internal error 500 attempting to get Alexa data for this user - please report.',
  notConnected: 'No Alexa account is connected to this LW User account.',
  unknown: (status: number, statusText: string) =>
    `Unable to establish if user has an Alexa connection or not - error status: ${status} - ${statusText}`,
} as const;

/** What Alexa discovered for a user: the devices of their Alexa link, and when it last looked. */
export const AlexaDiscoveredSchema = Type.Object({
  userId: Type.String(),
  linked: Type.Boolean(),
  lastUpdatedAt: Nullable(Type.String()),
  devices: Type.Array(
    Type.Object({
      name: Type.String(),
      productCode: Type.String(),
      type: Type.String(),
      endpointId: Type.String(),
    }),
  ),
});
export type AlexaDiscovered = Static<typeof AlexaDiscoveredSchema>;
