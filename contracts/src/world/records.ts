import { type Static, Type } from '@sinclair/typebox';
import { fields, LinkId, literalUnion, Nullable, type Stored, Timestamp } from './common.ts';

/** A request to share or leave a structure, `structure-access-requests` (SA Reqs tab). */
export const StructureAccessRequestSchema = Type.Object({
  rootGroupId: Type.String(),
  dateRequested: Timestamp(),
  complete: Type.Boolean(),
  completeDate: Nullable(Timestamp()),
  action: Type.String({ description: 'e.g. invite, remove' }),
  status: Type.String({ description: 'accepted is normal; anything else is flagged when complete' }),
  success: Type.Boolean(),
  ...fields(Type.String, 'requestingUserId', 'fromUserId', 'targetUserEmail', 'accessLevel', 'groupId'),
});
export type StructureAccessRequest = Static<typeof StructureAccessRequestSchema>;
export type StructureAccessRequestDoc = Stored<typeof StructureAccessRequestSchema>;

/** What a hub backup holds, counted (the Backups tab's summary column). */
export const BackupSummarySchema = Type.Object(
  fields(
    Type.Integer,
    'products',
    'devices',
    'features',
    'automations',
    'rooms',
    'featureSets',
    'automationSets',
  ),
);

/** A hub backup as stored in `backups` (Backups tab); the hub command's answer has the same fields. */
export const BackupRecordSchema = Type.Object({
  backupId: Type.String(),
  linkId: LinkId(),
  deviceId: Type.String({ description: 'The hub as a device' }),
  structureId: Type.String({ description: 'The rootGroupId' }),
  createdDate: Timestamp(),
  reason: Type.String({ description: 'e.g. scheduled, manual, firmwareUpdate' }),
  keep: Type.Boolean({ description: 'Kept indefinitely ("Keeping")' }),
  restores: Type.Integer({ minimum: 0 }),
  firmwareVersion: Type.String({ description: 'Hub firmware when the backup was taken' }),
  summary: BackupSummarySchema,
});
export type BackupRecord = Static<typeof BackupRecordSchema>;
export type BackupRecordDoc = Stored<typeof BackupRecordSchema>;

/** A pending or finished device firmware update, `firmware-queue` (FW Q tab). */
export const FirmwareQueueItemSchema = Type.Object({
  rootGroupId: Type.String(),
  linkId: LinkId(),
  ...fields(Type.String, 'deviceId', 'productCode', 'releaseId'),
  ...fields(Timestamp, 'createdDate', 'updatedDate'),
  ...fields(Type.Boolean, 'complete', 'failed', 'deleted'),
});
export type FirmwareQueueItem = Static<typeof FirmwareQueueItemSchema>;
export type FirmwareQueueItemDoc = Stored<typeof FirmwareQueueItemSchema>;

/** A firmware release as stored in `firmware-releases`. */
export const FirmwareReleaseRecordSchema = Type.Object({
  ...fields(Type.String, 'releaseId', 'releaseName', 'productCode', 'version'),
  updatedDate: Timestamp(),
  versionPaths: Type.Array(Type.String(), { description: 'Versions this release updates from' }),
  categories: Type.Array(Type.String(), { description: "'internal' needs the firmware role" }),
  notForGeneralRelease: Type.Boolean({ description: 'Warns "This release is not intended for all users"' }),
});
export type FirmwareReleaseRecord = Static<typeof FirmwareReleaseRecordSchema>;
export type FirmwareReleaseRecordDoc = Stored<typeof FirmwareReleaseRecordSchema>;

/** A user's notification settings, `notifications`. */
export const NotificationSchema = Type.Object({
  userId: Type.String(),
  notifications: Type.Array(
    Type.Object({
      ...fields(Type.String, 'id', 'clientId'),
      type: literalUnion(['pushNotification', 'iftttTrigger']),
      meta: Type.Object({ featureId: Type.String(), structureId: Type.String() }),
    }),
  ),
});
export type Notification = Static<typeof NotificationSchema>;
export type NotificationDoc = Stored<typeof NotificationSchema>;

export const AGENT_TYPES = ['alexa', 'google', 'smartthings'] as const;

/** A voice-assistant link, `agents` (Alexa, Google, Samsung tabs). */
export const AgentSchema = Type.Object({
  type: literalUnion(AGENT_TYPES),
  userId: Type.String(),
  rootGroups: Type.Array(Type.String()),
  ...fields(Timestamp, 'createdDate', 'lastUpdatedAt'),
  lastUpdateReason: Type.String(),
  linked: Type.Boolean(),
  unLinkReason: Type.Optional(Type.String({ description: 'Set when not linked' })),
  lastSync: Type.Optional(Timestamp('Google only')),
  devices: Type.Array(
    Type.Object({
      ...fields(Type.String, 'name', 'productCode', 'type', 'endpointId'),
    }),
  ),
});
export type Agent = Static<typeof AgentSchema>;
export type AgentDoc = Stored<typeof AgentSchema>;

/** A support note, `supportnotes`; automatic notes carry userId 'system'. */
export const SupportNoteSchema = Type.Object({
  notes: Type.String(),
  customerId: Type.String({ description: 'The customer: a Gen2 userId or a Gen1 user_id' }),
  userId: Type.String({ description: "The author (staff e-mail) or 'system'" }),
  ...fields(Timestamp, 'createdDate', 'updatedDate'),
});
export type SupportNote = Static<typeof SupportNoteSchema>;
export type SupportNoteDoc = Stored<typeof SupportNoteSchema>;

/** Who looked at a customer when, `viewhistory`. */
export const ViewHistorySchema = Type.Object({
  customerId: Type.String(),
  userId: Type.String({ description: 'The viewer (staff e-mail)' }),
  createdDate: Timestamp(),
});
export type ViewHistory = Static<typeof ViewHistorySchema>;
export type ViewHistoryDoc = Stored<typeof ViewHistorySchema>;
