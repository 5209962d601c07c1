import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { ConnectionStatsSchema, HubItemErrorSchema, RESET_TYPES, SystemInfoSchema } from '../hub-commands.ts';
import type { Role } from '../roles.ts';
import { ClosedObject, fields, literalUnion, Nullable } from '../world/common.ts';
import { op } from './types.ts';

/** Texts of the Support Plus spec (§4, §5, §8) and of the command lifecycle, said the same everywhere. */
export const HUB_ACTION_TEXT = {
  wrongConfirmation: 'Wrong Confirmation',
  permissionDenied: 'Permission Denied',
  operationFailed: 'The operation failed.',
  offlineSync: 'The link is not connected, a sync cannot be performed until the link is online.',
  timeout: 'No reply from the link in time; the outcome is unknown — check the link before retrying.',
  unreadable: 'The link sent an answer that could not be read; the outcome is unknown — check the link.',
  queued: 'The request has been queued and may take some time to complete. The page reloads in 10 seconds.',
  restricted: 'This release is not intended for all users',
  noFirmwareUpdate: 'No Firmware Update Available',
} as const;

/** After a successful Remove Link or Sync Link the page reloads after this long (spec §9). */
export const QUEUED_RELOAD_MS = 10_000;

export function offlineMessage(what: string): string {
  return `The link is not connected, ${what} cannot be performed until the link is online.`;
}

/**
 * Typed confirmations (spec §5), checked again by the service that serves the operation (hub-control,
 * supervisor, auth); 'ok' and the auth server's 'yes' ignore case.
 */
export const CONFIRMATIONS: Record<string, { text: string; ignoreCase: boolean }> = {
  'hub-control.removeLink': { text: 'remove link', ignoreCase: false },
  'hub-control.backupRestore': { text: 'restore link', ignoreCase: false },
  'hub-control.featureWrite': { text: 'ok', ignoreCase: true },
  'hub-control.removeUser': { text: 'remove user from structure', ignoreCase: false },
  'hub-control.license': { text: 'license', ignoreCase: false },
  'hub-control.removeEmptyStructure': { text: 'ok', ignoreCase: true },
  'supervisor.restart': { text: 'restart', ignoreCase: false },
  'auth.userAuthDelete': { text: 'yes', ignoreCase: true },
};

export function confirmationMatches(operationId: string, typed: string | undefined): boolean {
  const rule = CONFIRMATIONS[operationId];
  if (!rule) return true;
  const given = (typed ?? '').trim();
  return rule.ignoreCase ? given.toLowerCase() === rule.text : given === rule.text;
}

const support: readonly Role[] = ['support', 'dev'];
const LinkId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'Numeric link (hub) id' });
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 120, description });
const DeviceId = Id('{structure}-{deviceNumber}-{linkId}+{index}');
const Confirmation = (text: string) =>
  Type.Optional(Type.String({ maxLength: 100, description: `Must be '${text}' (typed by the person)` }));
const RouteLinkId = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'The link to send to, when the id does not carry it',
  }),
);

function body<T extends TProperties>(props: T) {
  return ClosedObject(props);
}

/** What an action on a hub or account answers: its transaction, what is particular to it, and a message. */
export const transactionAnswer = <T extends TProperties>(props: T) =>
  Type.Object({ transactionId: Type.Integer(), ...props, message: Type.String() });

/** What every hub action answers once the hub replied (a timeout is a 504, never this). */
export const HubActionResultSchema = transactionAnswer({
  hubId: Type.Integer(),
  action: Type.String({ description: 'What a person would call it: Restart, Sync Link, Backup…' }),
  ...fields(Type.String, 'class', 'operation'),
  state: literalUnion(['replied', 'failed']),
  success: Type.Boolean(),
  durationMs: Type.Number(),
  items: Type.Array(
    Type.Object({
      itemId: Type.Integer(),
      success: Type.Boolean(),
      payload: Type.Record(Type.String(), Type.Unknown()),
      error: Type.Optional(HubItemErrorSchema),
    }),
  ),
});
export type HubActionResult = Static<typeof HubActionResultSchema>;

export const AccountActionResultSchema = transactionAnswer({ success: Type.Boolean() });

/** Whether a customer has a client (app, web, voice agent) connected now (seed 001 §2 user detail). */
export const UserPresenceSchema = Type.Object({
  userId: Type.String(),
  connected: Type.Boolean(),
  clients: Type.Array(
    Type.Object({
      clientId: Type.String(),
      platform: Type.String({ description: 'app, web or agent' }),
      at: Type.Number({ description: 'ms: when the client last said it was connected' }),
    }),
  ),
});
export type UserPresence = Static<typeof UserPresenceSchema>;
export type AccountActionResult = Static<typeof AccountActionResultSchema>;

export const HubCardSchema = Type.Object({
  hubId: Type.Integer(),
  hubIdHex: Type.String(),
  rootGroupId: Nullable(Type.String()),
  presence: Nullable(
    Type.Object({
      connected: Type.Boolean(),
      connectedSince: Type.Union([Type.Number(), Type.Null()]),
      worker: Type.String(),
      lastSeen: Type.Number(),
    }),
  ),
  info: Nullable(Type.Composite([SystemInfoSchema, Type.Object({ readAt: Type.Number() })])),
  stats: Nullable(ConnectionStatsSchema),
  record: Type.Union(
    [
      Type.Object({
        storedRootGroupId: Type.Union([Type.String(), Type.Null()], {
          description: 'The structure the hub record names; null for a no-root link',
        }),
        addedDate: Nullable(Type.String({ format: 'date-time' })),
        errorState: Type.Boolean(),
        errorSync: Type.Union(
          [
            Type.Object({
              syncUpdateId: Type.String(),
              createdDate: Nullable(Type.String({ format: 'date-time' })),
              ...fields(Type.String, 'type', 'subType', 'caller'),
              errorCount: Type.Integer(),
            }),
            Type.Null(),
          ],
          { description: 'The sync update that put the hub in error state (seed 001 §2 hub card "Error:")' },
        ),
      }),
      Type.Null(),
    ],
    { description: 'The stored hub record: added date and error state; null when the hub has none' },
  ),
});
export type HubCard = Static<typeof HubCardSchema>;

/**
 * The live channel list (seed 001 §6, §9): pages of 500 continue from a marker until the total is
 * reached; a 202 means "not complete yet, ask again in 5 s"; a page over `maxPageSize` is a 413.
 */
export const CHANNEL_LIST = { pageSize: 500, maxPageSize: 1000, retryMs: 5000 } as const;

export const LiveChannelSchema = Type.Object({
  handlerId: Type.String({ description: 'type.clientId.deviceId; a link2 hub is link2.<hubId>.<hubId>' }),
  hubId: Type.Integer(),
  hubIdHex: Type.String(),
  workerId: Type.String({ description: 'The connection worker holding the channel' }),
  connectedSince: Type.Number({ description: 'ms since the epoch' }),
  lastSeen: Type.Number({ description: 'ms: the newest presence heard from the hub' }),
});
export type LiveChannel = Static<typeof LiveChannelSchema>;

export const ChannelPageSchema = Type.Object({
  channels: Type.Array(LiveChannelSchema, { description: 'Sorted by hubId' }),
  total: Type.Integer({ description: 'Live channels now, on every page' }),
  continueFrom: Type.Union([Type.String(), Type.Null()], { description: 'Next marker; null: the end' }),
});
export type ChannelPage = Static<typeof ChannelPageSchema>;

/** The body of a 202: the list is not complete yet (warming up or being refreshed). */
export const ChannelListPendingSchema = Type.Object({
  pending: Type.Literal(true),
  message: Type.String(),
  retryAfterMs: Type.Integer(),
});
export type ChannelListPending = Static<typeof ChannelListPendingSchema>;

export const ChannelRefreshSchema = Type.Object({ total: Type.Integer(), refreshedAt: Type.Number() });
export type ChannelRefresh = Static<typeof ChannelRefreshSchema>;

// The fields the channel-list operations share; `op()` around each keeps its id and types exact.
const channelList = <I extends string, R extends TSchema>(
  id: I,
  path: string,
  summary: string,
  response: R,
) => ({
  id: `hub-control.${id}` as const,
  service: 'hub-control' as const,
  method: 'GET' as const,
  path: `/api/supportPlus/socket/channel-list${path}`,
  access: support,
  summary: `${summary}; 202 (with retryAfterMs) means not complete yet: ask again`,
  tags: ['hub-control'],
  response,
});

const socket = (name: string) => `/api/supportPlus/socket/${name}`;
const hubAction = <I extends string, P extends TProperties>(
  id: I,
  path: string,
  summary: string,
  props: P,
  access: readonly Role[] = support,
) =>
  op({
    id: `hub-control.${id}` as const,
    service: 'hub-control',
    method: 'POST',
    path: socket(path),
    access,
    summary,
    tags: ['hub-control'],
    body: body(props),
    response: HubActionResultSchema,
  });

/** One live read of a /linkplus-data run (Query Live for missing): at most this many features, on so many hubs. */
export const FEATURE_LIVE_READ = { maxFeatures: 100, maxHubs: 20, hubsAtOnce: 4 } as const;

export const FeatureLiveReadBodySchema = body({
  jobId: Type.String({ minLength: 1, maxLength: 64, description: 'The feature-data run that asks' }),
  features: Type.Array(body({ featureId: Id('Feature id'), linkId: LinkId }), {
    minItems: 1,
    maxItems: FEATURE_LIVE_READ.maxFeatures,
  }),
});
export type FeatureLiveReadBody = Static<typeof FeatureLiveReadBodySchema>;
export const FeatureLiveReadResultSchema = Type.Object({
  results: Type.Array(
    Type.Object({
      featureId: Type.String(),
      linkId: Type.Integer(),
      /** The hub's answer, when it gave one. */
      value: Type.Optional(Type.Unknown()),
      /** When the hub answered (ms since the epoch). */
      at: Type.Optional(Type.Number()),
      /** Why there is no value: offline link, no reply, the hub's error. */
      error: Type.Optional(Type.String()),
      /** The transaction of the hub's read (one per hub), when one was sent. */
      transactionId: Type.Optional(Type.Integer()),
    }),
  ),
});
export type FeatureLiveReadResult = Static<typeof FeatureLiveReadResultSchema>;

export const hubControlOperations = [
  hubAction('linkReset', 'link-reset', 'Reset a link: restart (default), HomeKit unpair or fix storage', {
    link2Id: LinkId,
    object: Type.Object(
      { type: Type.Optional(Type.Union(RESET_TYPES.map((t) => Type.Literal(t)))) },
      { additionalProperties: false, description: 'The system reset request' },
    ),
  }),
  hubAction('resetErrorState', 'reset-error-state', 'Clear (or set) the link’s error state', {
    linkId: LinkId,
    errorState: Type.Boolean({ description: 'The error state to leave the link in; false clears it' }),
  }),
  hubAction('removeLink', 'remove-link', 'Remove the link (queued; confirm with "remove link")', {
    linkId: LinkId,
    confirmation: Confirmation('remove link'),
  }),
  hubAction('syncLink', 'sync-link', 'Sync the link (queued)', { linkId: LinkId, forceSync: Type.Boolean() }),
  hubAction('backup', 'backup', 'Back the link up now', {
    linkId: LinkId,
    deviceId: Type.Optional(DeviceId),
  }),
  hubAction('backupRestore', 'backupRestore', 'Restore a backup (confirm with "restore link")', {
    backupId: Id('Backup id'),
    deviceId: DeviceId,
    linkId: RouteLinkId,
    confirmation: Confirmation('restore link'),
  }),
  hubAction('updateBackup', 'updateBackup', 'Keep (or stop keeping) a backup', {
    backupId: Id('Backup id'),
    deviceId: DeviceId,
    keep: Type.Boolean(),
    linkId: RouteLinkId,
  }),
  hubAction('getBackup', 'getBackup', 'One backup’s details', {
    backupId: Id('Backup id'),
    linkId: RouteLinkId,
  }),
  hubAction('firmwareRead', 'firmware-read', 'Firmware releases available to a device', {
    deviceId: DeviceId,
    notForGeneralRelease: Type.Optional(Type.Boolean({ description: 'Include restricted releases' })),
    linkId: RouteLinkId,
  }),
  hubAction('firmwareUpdate', 'firmware-update', "Update a device's firmware ('internal' needs firmware)", {
    deviceId: DeviceId,
    releaseId: Id('Release id from firmware-read'),
    productCode: Id('Product code of the device'),
    linkId: RouteLinkId,
  }),
  hubAction('systemRead', 'system-read', 'Read the link’s system information', {
    linkId: LinkId,
    admin: Type.Optional(Type.Boolean()),
  }),
  hubAction('getLiveInfo', 'get-live-info', 'Live connection information of a link', {
    clientType: Type.Literal('link2', { description: 'Only links answer live info here' }),
    clientId: Type.Union([LinkId, Type.String({ pattern: '^[0-9]{1,16}$' })]),
  }),
  hubAction('getDeviceStatus', 'getDeviceStatus', 'Status of one device or a list', {
    deviceId: Type.Union([DeviceId, Type.Array(DeviceId, { minItems: 1, maxItems: 50 })]),
    linkId: RouteLinkId,
  }),
  hubAction('featureRead', 'feature-read', 'Read a feature’s value', {
    featureId: Id('Feature id'),
    linkId: RouteLinkId,
  }),
  hubAction(
    'allFeatureStates',
    'all-feature-states',
    'Read every feature of the link: one message, an item per feature (the hub card’s get-all-feature-states)',
    { linkId: LinkId },
  ),
  op({
    id: 'hub-control.featureLiveRead',
    service: 'hub-control',
    method: 'POST',
    path: '/internal/hub-control/feature-live-read',
    access: ['datauser'],
    internal: true,
    summary:
      "Read features' current values from their hubs for a /linkplus-data run (Query Live for missing): one feature-read per hub, each with its transaction, support note and audit; asked by the stats service's report worker for the data user who started the run, never over HTTP",
    tags: ['hub-control'],
    body: FeatureLiveReadBodySchema,
    response: FeatureLiveReadResultSchema,
  }),
  hubAction('featureWrite', 'feature-write', 'Write a feature’s value (confirm with "ok")', {
    featureId: Id('Feature id'),
    value: Type.Union([Type.Number(), Type.Boolean(), Type.String({ maxLength: 200 })]),
    linkId: RouteLinkId,
    confirmation: Confirmation('ok'),
  }),
  op({
    id: 'hub-control.removeUser',
    service: 'hub-control',
    method: 'POST',
    path: socket('remove-user'),
    access: ['roleAdmin'],
    summary: 'Remove a user from a structure (confirm with "remove user from structure")',
    tags: ['hub-control'],
    body: body({
      userEmail: Type.String({ minLength: 3, maxLength: 254 }),
      rootGroupId: Id('The structure'),
      confirmation: Confirmation('remove user from structure'),
    }),
    response: AccountActionResultSchema,
  }),
  op({
    id: 'hub-control.license',
    service: 'hub-control',
    method: 'POST',
    path: socket('license'),
    access: ['license'],
    summary: 'Add or remove a user’s V5 licence (confirm with "license")',
    tags: ['hub-control'],
    body: body({
      userId: Id('The customer user id'),
      action: literalUnion(['add', 'remove']),
      rootGroupId: Type.Optional(Id('The structure the licence applies to')),
      confirmation: Confirmation('license'),
    }),
    response: AccountActionResultSchema,
  }),
  op({
    id: 'hub-control.removeEmptyStructure',
    service: 'hub-control',
    method: 'POST',
    path: socket('remove-empty-structure'),
    access: ['supportAdmin'],
    summary: 'Remove an empty structure (no links, no devices) from a user (supportAdmin; confirm with "ok")',
    tags: ['hub-control'],
    body: body({
      userId: Id('The customer user id'),
      rootGroupId: Id('The empty structure'),
      confirmation: Confirmation('ok'),
    }),
    response: AccountActionResultSchema,
  }),
  op(
    channelList(
      'channelList',
      '',
      'Live channels (connected links): the first page of 500',
      ChannelPageSchema,
    ),
  ),
  op({
    ...channelList(
      'channelListPage',
      '/:continueFrom/:pageSize',
      'Live channels after a marker',
      ChannelPageSchema,
    ),
    params: body({
      continueFrom: Type.String({ pattern: '^[0-9]{1,16}$', description: 'The last continueFrom, or 0' }),
      pageSize: Type.String({
        pattern: '^[0-9]{1,9}$',
        description: 'Channels per page, 1 to 1000 (more: 413)',
      }),
    }),
  }),
  op(
    channelList(
      'channelListRefresh',
      '/refresh',
      'Rebuild the channel list from Redis',
      ChannelRefreshSchema,
    ),
  ),
  op({
    id: 'hub-control.userPresence',
    service: 'hub-control',
    method: 'POST',
    path: '/api/supportPlus/user-presence',
    access: support,
    summary:
      "Whether each user has a client connected now, from the connection workers' presence announcements",
    tags: ['hub-control'],
    body: body({ userIds: Type.Array(Id('User id'), { minItems: 1, maxItems: 200 }) }),
    response: Type.Object({ users: Type.Array(UserPresenceSchema) }),
  }),
  op({
    id: 'hub-control.hub',
    service: 'hub-control',
    method: 'GET',
    path: '/api/supportPlus/hub/:hubId',
    // Also Link Direct: a hub topic is opened only for a hub whose card the caller may read.
    access: [...support, 'linkDirect'],
    summary: 'The hub card: presence and the last system information read',
    tags: ['hub-control'],
    params: ClosedObject({
      hubId: Type.String({ pattern: '^[0-9]{1,16}$', description: 'Numeric link id' }),
    }),
    response: HubCardSchema,
  }),
] as const;
