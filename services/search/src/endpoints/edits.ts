import type {
  RoomDelete,
  UserDelete,
  UserNameEdit,
  UserRoleEdit,
  WflDelete,
  WflEdit,
} from '@console/contracts';
import type { Handler, HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { callerOf } from './caller.ts';

type Ctx<B, P> = HandlerContext<B, P>;

/** The account edits of seed 000 §7, each in one transaction with its automatic note. */
export function editHandlers(app: FastifyInstance): Record<string, Handler> {
  const { edits } = app.searchDomain;
  return {
    'search.editUserRole': async (ctx: Ctx<UserRoleEdit, { userId: string }>) =>
      edits.userRole(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.editUserName': async (ctx: Ctx<UserNameEdit, { userId: string }>) =>
      edits.userName(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.editWfl': async (ctx: Ctx<WflEdit, { wflId: string }>) =>
      edits.wfl(Number(ctx.params.wflId), ctx.body, callerOf(ctx)),
    'search.deleteUser': async (ctx: Ctx<UserDelete, { userId: string }>) =>
      edits.deleteUser(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.deleteWfl': async (ctx: Ctx<WflDelete, { wflId: string }>) =>
      edits.deleteWfl(Number(ctx.params.wflId), ctx.body, callerOf(ctx)),
    'search.deleteRoom': async (ctx: Ctx<RoomDelete, { roomId: string }>) =>
      edits.deleteRoom(Number(ctx.params.roomId), ctx.body, callerOf(ctx)),
  };
}
