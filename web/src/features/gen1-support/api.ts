import type {
  RoomDelete,
  UserDelete,
  UserNameEdit,
  UserRoleEdit,
  WflDelete,
  WflEdit,
} from '@console/contracts';
import { call } from '../../shared/api/call.ts';

/** The account edits of core spec §7; each leaves an automatic support note on the server. */
export const accountEdits = {
  userRole: (userId: number, body: UserRoleEdit) => call('search.editUserRole', { params: { userId }, body }),
  userName: (userId: number, body: UserNameEdit) => call('search.editUserName', { params: { userId }, body }),
  wfl: (wflId: number, body: WflEdit) => call('search.editWfl', { params: { wflId }, body }),
  deleteUser: (userId: number, body: UserDelete) => call('search.deleteUser', { params: { userId }, body }),
  deleteWfl: (wflId: number, body: WflDelete) => call('search.deleteWfl', { params: { wflId }, body }),
  deleteRoom: (roomId: number, body: RoomDelete) => call('search.deleteRoom', { params: { roomId }, body }),
};
