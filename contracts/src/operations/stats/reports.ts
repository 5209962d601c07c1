import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { Role } from '../../roles.ts';
import { ClosedObject, DateTimeString, Nullable } from '../../world/common.ts';
import { Moment } from '../search/tabs.ts';
import { serviceOp } from '../types.ts';

/**
 * Report exports (seed 000 §2 report screens, §6 rules, §7 "Reports", §8 messages, §9 constants).
 * A report runs as a job on the REPORTS work queue, one job per kind at a time across every
 * instance, and its CSV is e-mailed to the staff member who asked.
 */
export const REPORT_KINDS = ['allemails', 'links', 'user-devices', 'feature-data'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** The kinds of the marketing report screens; 'feature-data' is the datauser screen's own (its calls show it). */
export const EXPORT_KINDS = ['allemails', 'links', 'user-devices'] as const satisfies readonly ReportKind[];

export const REPORT_TEXT = {
  busy: 'Current task in progress. Try again later.',
  noOption: 'Please select at least one option',
  ownAddress: 'Reports are e-mailed only to your own address.',
  stale: 'The report worker stopped during this job and no worker took it over; please start it again.',
} as const;

/** Export default of 7 days of activity (seed 000 §9); at most ten years back. */
export const REPORT_ACTIVE_DAYS = { default: 7, max: 3650 } as const;

/** Every report the screens start: its kind (the queue it waits in) and its call. */
export const REPORTS = {
  allEmails: { kind: 'allemails', op: 'stats.reportAllEmails', label: 'All e-mails' },
  activeConnect: {
    kind: 'allemails',
    op: 'stats.reportActiveConnect',
    label: 'Users with an active Connect link',
  },
  links: { kind: 'links', op: 'stats.reportLinks', label: 'Links' },
  activeLinkPlus: {
    kind: 'links',
    op: 'stats.reportActiveLinkPlus',
    label: 'Users with an active Link Plus',
  },
  userDevices: { kind: 'user-devices', op: 'stats.reportUserDevices', label: 'User devices' },
  productsWithConnect: {
    kind: 'user-devices',
    op: 'stats.reportProductsWithConnect',
    label: 'Link Plus users with Connect products',
  },
  /** The /linkplus-data run (seed 002): its own kind, its calls in `feature-data.ts`. */
  featureData: { kind: 'feature-data', op: 'stats.runFeatureData', label: 'Feature data by product' },
} as const satisfies Record<string, { kind: ReportKind; op: string; label: string }>;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+$',
  description: 'Where the CSV goes: the requesting staff member’s own address',
});
const Generation = {
  link1: Type.Boolean({ description: 'Include Link (Gen1, Connect) customers' }),
  linkPlus: Type.Boolean({ description: 'Include Link Plus (Gen2) customers' }),
};
const ActiveDays = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: REPORT_ACTIVE_DAYS.max,
    description: `Active in the last N days (default ${REPORT_ACTIVE_DAYS.default})`,
  }),
);

export const ExportBodySchema = ClosedObject({ email: Email, ...Generation });
export const ActiveConnectBodySchema = ClosedObject({ email: Email, activeInLastDays: ActiveDays });
export const ActiveLinkPlusBodySchema = ClosedObject({
  email: Email,
  fromDate: Moment('Registered from'),
  toDate: Moment('Registered up to'),
  activeInLastDays: ActiveDays,
});
export const EmailOnlyBodySchema = ClosedObject({ email: Email });

export type ExportBody = Static<typeof ExportBodySchema>;
export type ActiveConnectBody = Static<typeof ActiveConnectBodySchema>;
export type ActiveLinkPlusBody = Static<typeof ActiveLinkPlusBodySchema>;

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const ReportJobSchema = Type.Object({
  jobId: Type.String(),
  kind: Type.Union(REPORT_KINDS.map((k) => Type.Literal(k))),
  report: Type.Union(REPORT_NAMES.map((k) => Type.Literal(k))),
  status: Type.Union(REPORT_STATUSES.map((s) => Type.Literal(s))),
  requestedBy: Type.String({ description: 'The staff member’s e-mail' }),
  params: Type.Record(Type.String(), Type.Unknown(), { description: 'The options the job runs with' }),
  createdAt: DateTimeString(),
  startedAt: Nullable(DateTimeString()),
  finishedAt: Nullable(DateTimeString()),
  rowsDone: Type.Integer({ minimum: 0 }),
  rowsTotal: Nullable(Type.Integer({ minimum: 0, description: 'Counted before the rows are written' })),
  bytes: Type.Integer({ minimum: 0 }),
  attempts: Type.Integer({ minimum: 0, description: 'More than 1: a worker stopped and another resumed it' }),
  file: Nullable(Type.String({ description: 'The attachment’s name' })),
  error: Nullable(Type.String()),
  cancelledBy: Nullable(Type.String({ description: 'Who cancelled the job (it is then failed)' })),
});
export type ReportJob = Static<typeof ReportJobSchema>;

export const ReportProgressSchema = Type.Object({
  kind: Type.String(),
  inProgress: Type.Boolean(),
  job: Type.Union([ReportJobSchema, Type.Null()], {
    description: 'The job under way, else the latest one of this kind',
  }),
});
export type ReportProgress = Static<typeof ReportProgressSchema>;

const reportOp = serviceOp('stats', ['reports']);
/** The report screens sit in the Marketing menu (admin always allowed). */
export const REPORT_ROLES: readonly Role[] = ['marketing'];
const start = <B extends TSchema>(body: B, summary: string) => ({
  access: REPORT_ROLES,
  summary: `${summary}: starts the job (409 '${REPORT_TEXT.busy}' while one of its kind runs)`,
  body,
  response: ReportJobSchema,
});

export const reportOperations = [
  reportOp('stats.reportInProgress', 'GET', '/api/reports/:kind/inProgress', {
    access: REPORT_ROLES,
    summary:
      'Whether a report of this kind is running, with its progress (rows done / total) or the latest job',
    params: ClosedObject({ kind: Type.Union(EXPORT_KINDS.map((k) => Type.Literal(k))) }),
    response: ReportProgressSchema,
  }),
  reportOp('stats.reportAllEmails', 'POST', '/api/reports/allemails/exportCSV', {
    ...start(ExportBodySchema, 'CSV of every customer e-mail, Link and/or Link Plus'),
  }),
  reportOp('stats.reportActiveConnect', 'POST', '/api/reports/allemails/csvUsersWithActiveConnect', {
    ...start(ActiveConnectBodySchema, 'CSV of Link (Connect) users whose link pinged in the last N days'),
  }),
  reportOp('stats.reportLinks', 'POST', '/api/reports/links/exportCSV', {
    ...start(ExportBodySchema, 'CSV of every link (Link and/or Link Plus) with its owner'),
  }),
  reportOp('stats.reportActiveLinkPlus', 'POST', '/api/reports/links/csvUsersWithActiveLinkPlus', {
    ...start(
      ActiveLinkPlusBodySchema,
      'CSV of Link Plus users registered in a range whose hub was active in the last N days',
    ),
  }),
  reportOp('stats.reportUserDevices', 'POST', '/api/reports/user-devices/exportCSV', {
    ...start(ExportBodySchema, 'CSV of customers with their devices (Link and/or Link Plus)'),
  }),
  reportOp(
    'stats.reportProductsWithConnect',
    'POST',
    '/api/reports/user-devices/csvUsersAndProductsWithConnect',
    {
      ...start(EmailOnlyBodySchema, 'CSV of Link Plus users whose structures hold migrated Connect products'),
    },
  ),
] as const;
