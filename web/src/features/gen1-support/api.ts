import type {
  AccountEditResult,
  RoomDelete,
  UserDelete,
  UserNameEdit,
  UserRoleEdit,
  WflDelete,
  WflEdit,
} from '@console/contracts';
import { apiRequest } from '../api/client.ts';

/** The account edits of core spec §7; each leaves an automatic support note on the server. */
export const accountEdits = {
  userRole: (userId: number, body: UserRoleEdit) =>
    apiRequest<AccountEditResult>(`/api/support/user/update/userrole/${userId}`, { method: 'PUT', body }),
  userName: (userId: number, body: UserNameEdit) =>
    apiRequest<AccountEditResult>(`/api/support/user/update/name/${userId}`, { method: 'PUT', body }),
  wfl: (wflId: number, body: WflEdit) =>
    apiRequest<AccountEditResult>(`/api/support/wfl/update/${wflId}`, { method: 'PUT', body }),
  deleteUser: (userId: number, body: UserDelete) =>
    apiRequest<AccountEditResult>(`/api/support/user/delete/${userId}`, { method: 'PUT', body }),
  deleteWfl: (wflId: number, body: WflDelete) =>
    apiRequest<AccountEditResult>(`/api/support/wfl/delete/${wflId}`, { method: 'PUT', body }),
  deleteRoom: (roomId: number, body: RoomDelete) =>
    apiRequest<AccountEditResult>(`/api/support/room/delete/${roomId}`, { method: 'PUT', body }),
};
