import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, Nullable } from '../../world/common.ts';

const CustomerId = Type.String({
  minLength: 1,
  maxLength: 120,
  description: 'The customer: a Gen2 userId or a Gen1 user_id',
});

export const SupportNoteViewSchema = Type.Object({
  ...fields(Type.String, 'id', 'notes', 'customerId'),
  userId: Type.String({ description: "The author (staff e-mail), or 'system' for automatic notes" }),
  automatic: Type.Boolean(),
  createdDate: DateTimeString(),
  updatedDate: DateTimeString('Modified time'),
  editable: Type.Boolean({ description: 'The caller wrote it, under an hour ago' }),
});
export type SupportNoteView = Static<typeof SupportNoteViewSchema>;

export const SaveNoteBodySchema = ClosedObject({
  notes: Type.String({ minLength: 1, maxLength: 5000 }),
  customerId: CustomerId,
  userId: Type.Optional(
    Type.String({ maxLength: 254, description: 'Ignored: the author is always the signed-in caller' }),
  ),
});
export type SaveNoteBody = Static<typeof SaveNoteBodySchema>;

export const UpdateNoteBodySchema = ClosedObject({
  id: Type.String({ pattern: '^[0-9a-fA-F]{24}$', description: 'The note id' }),
  notes: Type.String({ minLength: 1, maxLength: 5000 }),
  userId: Type.Optional(
    Type.String({ maxLength: 254, description: 'Ignored: the caller must be the author' }),
  ),
});
export type UpdateNoteBody = Static<typeof UpdateNoteBodySchema>;

export const ViewHistoryListSchema = Type.Array(
  Type.Object({
    createdDate: DateTimeString(),
    userId: Type.String({ description: 'The viewer (staff e-mail)' }),
    name: Nullable(Type.String({ description: 'The viewer’s name when known' })),
  }),
  { description: 'Newest first, at most 50' },
);
export type ViewHistoryEntries = Static<typeof ViewHistoryListSchema>;

export const CustomerParamsSchema = ClosedObject({ userId: CustomerId });

/** The Support Plus overview side bar (seed 001 §2): the newest notes on any customer. */
export const RecentNotesSchema = Type.Array(SupportNoteViewSchema, {
  description: 'Newest first, at most 20',
});

/** The Support Plus overview side bar: the customers the caller viewed last, one row each. */
export const MyViewsSchema = Type.Array(
  Type.Object({ customerId: Type.String(), createdDate: DateTimeString('The caller’s last view') }),
  { description: 'Newest first, at most 20' },
);
export type MyViews = Static<typeof MyViewsSchema>;
