import { type Static, Type } from '@sinclair/typebox';
import type { Role } from '../roles.ts';
import { CURSOR_PATTERN, TIMELINE, TIMELINE_SOURCES } from '../timeline.ts';
import { ClosedObject, fields, Nullable } from '../world/common.ts';
import { LiveMessageMetaSchema } from '../ws.ts';
import { serviceOp } from './types.ts';

const support: readonly Role[] = ['support', 'dev'];
const timelineOp = serviceOp('hub-control', ['hub-timeline']);

const HubParams = ClosedObject({
  hubId: Type.String({ pattern: '^[0-9]{1,16}$', description: 'Numeric link id' }),
});
const Cursor = (description: string) => Type.Optional(Type.String({ pattern: CURSOR_PATTERN, description }));
const CommaList = (description: string) =>
  Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_.,-]*$', description }));
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000, description: 'Unix time in ms' });

export const TimelineEntrySchema = Type.Object({
  key: Type.String({ description: 'Unique within the hub; with `at` it orders the timeline' }),
  source: Type.Union(TIMELINE_SOURCES.map((s) => Type.Literal(s))),
  at: Type.Number({ description: 'Unix time in ms' }),
  until: Type.Optional(Type.Number({ description: 'End of a range (annotation, gap), ms' })),
  seq: Type.Optional(Type.Integer({ description: 'Stream sequence (messages and presence)' })),
  title: Type.String({ description: 'One line a person reads' }),
  meta: Type.Optional(LiveMessageMetaSchema),
  action: Type.Optional(
    Type.Object({
      transactionId: Nullable(Type.Number()),
      state: Type.String(),
      success: Nullable(Type.Boolean()),
      error: Nullable(Type.String()),
      durationMs: Nullable(Type.Number()),
      staff: Nullable(Type.String()),
    }),
  ),
  connected: Type.Optional(Type.Boolean({ description: 'presence: connected or not' })),
  author: Type.Optional(Type.String({ description: 'annotation and note: who wrote it' })),
  data: Type.Unknown({ description: 'The record or message as stored' }),
});
export type TimelineEntry = Static<typeof TimelineEntrySchema>;

export const TimelineFocusSchema = Type.Object({
  state: Type.Union([
    Type.Literal('found'),
    Type.Literal('removed'),
    Type.Literal('epochChanged'),
    Type.Literal('notThisHub'),
    Type.Literal('time', { description: 'A jump to a time: the key is the entry nearest it' }),
  ]),
  message: Nullable(Type.String()),
  /** The entry asked for (found) or the nearest kept one (else); null when the hub has none near. */
  key: Nullable(Type.String()),
});
export type TimelineFocus = Static<typeof TimelineFocusSchema>;

export const TimelinePageSchema = Type.Object({
  entries: Type.Array(TimelineEntrySchema, { description: 'Newest first' }),
  /** The hub stream's epoch now (links carry it). */
  epoch: Type.String(),
  /** Cursor for the next older page, null when the 24 hours are done. */
  older: Nullable(Type.String()),
  /** Cursor for the next newer page, null when this page reached now. */
  newer: Nullable(Type.String()),
  /** The oldest time the timeline covers (now − 24 h). */
  from: Type.Number(),
  focus: Type.Optional(TimelineFocusSchema),
  /** Set on an `only=stream` page: the stored records were not read; no cursors to page with. */
  partial: Type.Optional(Type.Boolean()),
});
export type TimelinePage = Static<typeof TimelinePageSchema>;

export const AnnotationSchema = Type.Object({
  id: Type.String(),
  hubId: Type.Integer(),
  ...fields(Type.Number, 'from', 'to'),
  ...fields(Type.String, 'text', 'author'),
  createdAt: Type.Number(),
});
export type Annotation = Static<typeof AnnotationSchema>;

export const timelineOperations = [
  timelineOp('hub-control.hubTimeline', 'GET', '/api/supportPlus/hub/:hubId/timeline', {
    access: support,
    summary:
      'A hub’s timeline, newest first: messages and presence (hub stream), actions and their outcome, notes, sync and error-state changes, firmware, annotations and gaps; one page older than `before` or newer than `after`, within the last 24 hours',
    params: HubParams,
    querystring: ClosedObject({
      before: Cursor('Entries older than this cursor (default: now)'),
      after: Cursor('Entries newer than this cursor'),
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: TIMELINE.pageMax,
          description: `Default ${TIMELINE.pageDefault}`,
        }),
      ),
      clientTypes: CommaList('Comma list: message client types (the live monitor’s filter)'),
      classes: CommaList('Comma list: message classes'),
      operations: CommaList('Comma list: message operations'),
      text: Type.Optional(Type.String({ maxLength: 200, description: 'Free text in the entry' })),
      epoch: Type.Optional(
        Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$', description: 'Focus: the link’s stream epoch' }),
      ),
      seq: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: Number.MAX_SAFE_INTEGER,
          description: 'Focus: stream sequence',
        }),
      ),
      at: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 8_640_000_000_000,
          description: 'Focus: the entry’s time (ms)',
        }),
      ),
      only: Type.Optional(
        Type.Literal('stream', {
          description:
            'The newest entries of the hub stream alone (messages, presence, gaps), without reading the stored records: what the console shows while the whole first page loads. Not with a cursor or a focus',
        }),
      ),
    }),
    response: TimelinePageSchema,
  }),
  timelineOp('hub-control.timelineAnnotate', 'POST', '/api/supportPlus/hub/:hubId/annotations', {
    access: support,
    summary: 'Pins a short staff text to a time range of a hub’s timeline (audited)',
    params: HubParams,
    body: ClosedObject({
      from: Ms,
      to: Ms,
      text: Type.String({ minLength: 1, maxLength: TIMELINE.annotationMaxChars, pattern: '\\S' }),
    }),
    response: AnnotationSchema,
  }),
  timelineOp(
    'hub-control.timelineAnnotationDelete',
    'DELETE',
    '/api/supportPlus/hub/:hubId/annotations/:id',
    {
      access: support,
      summary: `Deletes an annotation; confirmation must be '${TIMELINE.annotationDeleteConfirmation}' (audited)`,
      params: ClosedObject({
        hubId: Type.String({ pattern: '^[0-9]{1,16}$' }),
        id: Type.String({ pattern: '^[0-9a-f]{24}$', description: 'Annotation id' }),
      }),
      body: ClosedObject({
        confirmation: Type.Optional(Type.String({ maxLength: 100, description: 'Typed by the person' })),
      }),
      response: Type.Object({ deleted: Type.Boolean() }),
    },
  ),
] as const;
