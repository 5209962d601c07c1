import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, fields, Nullable } from '../world/common.ts';
import { HubActionResultSchema } from './hub-control.ts';
import { op } from './types.ts';

/**
 * Survey Links (analytics spec §2, §3, §5, §7, §9): ask many hubs at once for their system
 * information. The console splits the typed ids and sends at most `maxIds` per request.
 */
export const SURVEY_LINKS = {
  /** Ids per request; the console sends a longer list in several requests. */
  maxIds: 500,
  /** A link id as typed: digits, no leading zero, at most 16. */
  idPattern: '^[1-9][0-9]{0,15}$',
  /** Default survey base firmware (spec §9): an online hub below it is flagged. */
  baseFirmware: '3.35.0',
  /** Online hubs at this firmware or newer go to the 'Online - 3.38' table (responseSuccess337). */
  splitFirmware: '3.38.0',
  tables: {
    online: 'Online',
    online338: 'Online - 3.38',
    error: 'Offline / Error',
  },
  unknownError: 'Unknown error',
} as const;

/** Link ids as typed: split on comma, space or newline, trimmed, empty parts and repeats dropped. */
export function parseLinkIds(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[,\s]+/)) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}

/** Compares dotted firmware versions numerically (3.38.0 > 3.9.12); missing parts count as 0. */
export function compareFirmware(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const When = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

/** The newest two backups the server holds for the link (its `backups` records). */
const BackupFields = {
  backup1CreatedDate: When('Newest backup'),
  backup1CreatedDateOld: When('The backup before it'),
  backup1Cause: Nullable(Type.String({ description: 'Why the newest backup was made' })),
  backup1FWVersion: Nullable(Type.String({ description: 'Hub firmware in the newest backup' })),
};

export const SurveyOnlineRowSchema = Type.Object({
  linkId: Type.Integer(),
  handlerId: Type.String({ description: 'link2.<hubId>.<deviceId>' }),
  deviceId: Type.String({ description: "The hub's own device" }),
  ...fields(Type.Integer, 'devices', 'automations'),
  firmwareVersion: Type.String(),
  firmwareVersionIssue: Type.Boolean({ description: 'Firmware below the survey base firmware' }),
  errorState: Type.Boolean(),
  ...fields(Type.Integer, 'systemStorageNumber', 'factoryConfig'),
  homeKitPaired: Type.Boolean(),
  ...BackupFields,
  groupAccess: Type.Array(Type.String()),
});
export type SurveyOnlineRow = Static<typeof SurveyOnlineRowSchema>;

export const SurveyErrorRowSchema = Type.Object({
  linkId: Type.Integer(),
  errorMessage: Type.String(),
  group: Type.Union([Type.Integer(), Type.Null()], { description: 'Error group the hub gave' }),
  code: Type.Union([Type.Integer(), Type.Null()], { description: 'Error code the hub gave' }),
  devices: Type.Union([Type.Integer(), Type.Null()], { description: 'Devices on record for the link' }),
  at: Type.Number({ description: 'ms: when the error was seen' }),
  ...BackupFields,
  groupAccess: Type.Array(Type.String()),
});
export type SurveyErrorRow = Static<typeof SurveyErrorRowSchema>;

export const SurveyResultSchema = Type.Object({
  responseSuccess: Type.Array(SurveyOnlineRowSchema, { description: 'Online, below the 3.38 split' }),
  responseSuccess337: Type.Array(SurveyOnlineRowSchema, { description: 'Online at 3.38 or newer' }),
  responseError: Type.Array(SurveyErrorRowSchema, { description: 'Offline, no reply, or an error' }),
  error: Nullable(Type.String()),
  baseFirmware: Type.String(),
  durationMs: Type.Number(),
});
export type SurveyResult = Static<typeof SurveyResultSchema>;

const LinkIdText = Type.String({
  pattern: SURVEY_LINKS.idPattern,
  description: 'A numeric link (hub) id, as digits',
});

export const surveyLinksOperations = [
  op({
    id: 'hub-control.surveyLinks',
    service: 'hub-control',
    method: 'POST',
    path: '/api/supportPlus/socket/survey-links',
    access: ['datauser'],
    summary: `Survey links: each hub's system information, at most ${SURVEY_LINKS.maxIds} ids per request`,
    tags: ['hub-control'],
    body: ClosedObject({
      linkIds: Type.Array(LinkIdText, {
        minItems: 1,
        maxItems: SURVEY_LINKS.maxIds,
        description: `1 to ${SURVEY_LINKS.maxIds} ids; repeats are asked once`,
      }),
      baseFirmware: Type.Optional(
        Type.String({
          pattern: '^[0-9]{1,4}(\\.[0-9]{1,4}){0,3}$',
          description: `Online hubs below it are flagged (default ${SURVEY_LINKS.baseFirmware})`,
        }),
      ),
    }),
    response: SurveyResultSchema,
  }),
  op({
    id: 'hub-control.surveyBackup',
    service: 'hub-control',
    method: 'POST',
    path: '/api/supportPlus/socket/survey-links/backup',
    access: ['datauser'],
    summary: 'Back up a surveyed link now (a hub action: transaction, note and audit event)',
    tags: ['hub-control'],
    body: ClosedObject({
      linkId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'Numeric link id' }),
    }),
    response: HubActionResultSchema,
  }),
] as const;
