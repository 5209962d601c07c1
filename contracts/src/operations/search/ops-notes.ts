import { type TObject, type TProperties, Type } from '@sinclair/typebox';
import { op } from '../types.ts';
import {
  AccountEditResultSchema,
  RoomDeleteSchema,
  UserDeleteSchema,
  UserNameEditSchema,
  UserRoleEditSchema,
  WflDeleteSchema,
  WflEditSchema,
} from './edits.ts';
import {
  CustomerParamsSchema,
  MyViewsSchema,
  RecentNotesSchema,
  SaveNoteBodySchema,
  SupportNoteViewSchema,
  UpdateNoteBodySchema,
  ViewHistoryListSchema,
} from './notes.ts';
import { IntId, params, support } from './op-helpers.ts';

const accountEdit = <I extends string, P extends TProperties, B extends TObject>(
  id: I,
  path: string,
  summary: string,
  p: P,
  body: B,
) =>
  op({
    id: `search.${id}` as const,
    service: 'search',
    method: 'PUT',
    path,
    access: support,
    summary,
    tags: ['account edits'],
    params: params(p),
    body,
    response: AccountEditResultSchema,
  });

/** Support notes and view history. */
export const noteOperations = [
  op({
    id: 'search.loadNotes',
    service: 'search',
    method: 'GET',
    path: '/api/support/loadSupportNotes/:userId',
    access: support,
    summary: "A customer's support notes, newest first",
    tags: ['notes'],
    params: CustomerParamsSchema,
    response: Type.Array(SupportNoteViewSchema),
  }),
  op({
    id: 'search.saveNote',
    service: 'search',
    method: 'POST',
    path: '/api/support/saveSupportNotes',
    access: support,
    summary: 'Add a note; the author is the signed-in caller',
    tags: ['notes'],
    body: SaveNoteBodySchema,
    response: SupportNoteViewSchema,
  }),
  op({
    id: 'search.updateNote',
    service: 'search',
    method: 'POST',
    path: '/api/support/updateSupportNotes',
    access: support,
    summary: 'Change a note: only its author, within an hour of writing it',
    tags: ['notes'],
    body: UpdateNoteBodySchema,
    response: SupportNoteViewSchema,
  }),
  op({
    id: 'search.viewHistory',
    service: 'search',
    method: 'GET',
    path: '/api/support/viewHistory/:userId/:staffName',
    access: support,
    summary: 'Record that the caller viewed the customer, and list who viewed them when',
    tags: ['notes'],
    params: params({
      userId: Type.String({ minLength: 1, maxLength: 120 }),
      staffName: Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Ignored: the viewer is the signed-in caller',
      }),
    }),
    response: ViewHistoryListSchema,
  }),
  op({
    id: 'search.recentNotes',
    service: 'search',
    method: 'GET',
    path: '/api/support/recentSupportNotes',
    access: support,
    summary: 'The newest support notes on any customer (the Support Plus overview side bar)',
    tags: ['notes'],
    response: RecentNotesSchema,
  }),
  op({
    id: 'search.myViews',
    service: 'search',
    method: 'GET',
    path: '/api/support/viewHistory/mine',
    access: support,
    summary: 'The customers the caller viewed last, newest first (the Support Plus overview side bar)',
    tags: ['notes'],
    response: MyViewsSchema,
  }),
] as const;

const UserId = { userId: IntId('Gen1 user id') };

/** The account edits of seed 000 §7. */
export const editOperations = [
  accountEdit(
    'editUserRole',
    '/api/support/user/update/userrole/:userId',
    'Switch a customer between commercial and api_user',
    UserId,
    UserRoleEditSchema,
  ),
  accountEdit(
    'editUserName',
    '/api/support/user/update/name/:userId',
    "Change a customer's username and active flag",
    UserId,
    UserNameEditSchema,
  ),
  accountEdit(
    'editWfl',
    '/api/support/wfl/update/:wflId',
    "Change a WFL's name and MAC",
    { wflId: IntId('WFL id') },
    WflEditSchema,
  ),
  accountEdit(
    'deleteUser',
    '/api/support/user/delete/:userId',
    'Delete a customer account with its WFLs and everything on them',
    UserId,
    UserDeleteSchema,
  ),
  accountEdit(
    'deleteWfl',
    '/api/support/wfl/delete/:wflId',
    'Delete a WFL with its rooms, devices, timers and plans',
    { wflId: IntId('WFL id') },
    WflDeleteSchema,
  ),
  accountEdit(
    'deleteRoom',
    '/api/support/room/delete/:roomId',
    'Delete a room (and its devices when asked)',
    { roomId: IntId('Room id') },
    RoomDeleteSchema,
  ),
] as const;
