import { searchOperations } from '@console/contracts';
import { callerOf, defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The account edits of seed 000 §7, each in one transaction with its automatic note. */
export function editHandlers(app: FastifyInstance) {
  const { edits } = app.searchDomain;
  return defineHandlers(searchOperations, {
    'search.editUserRole': async (ctx) => edits.userRole(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.editUserName': async (ctx) => edits.userName(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.editWfl': async (ctx) => edits.wfl(Number(ctx.params.wflId), ctx.body, callerOf(ctx)),
    'search.deleteUser': async (ctx) => edits.deleteUser(Number(ctx.params.userId), ctx.body, callerOf(ctx)),
    'search.deleteWfl': async (ctx) => edits.deleteWfl(Number(ctx.params.wflId), ctx.body, callerOf(ctx)),
    'search.deleteRoom': async (ctx) => edits.deleteRoom(Number(ctx.params.roomId), ctx.body, callerOf(ctx)),
  });
}
