import { searchOperations } from '@console/contracts';
import { callerOf, defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** Support notes and view history: the author and the viewer are always the signed-in caller. */
export function noteHandlers(app: FastifyInstance) {
  const { notes } = app.searchDomain;
  return defineHandlers(searchOperations, {
    'search.loadNotes': async (ctx) => notes.load(ctx.params.userId, callerOf(ctx)),
    'search.saveNote': async (ctx) => notes.save(ctx.body.customerId.trim(), ctx.body.notes, callerOf(ctx)),
    'search.updateNote': async (ctx) => notes.update(ctx.body.id, ctx.body.notes, callerOf(ctx)),
    'search.viewHistory': async (ctx) => notes.viewed(ctx.params.userId, callerOf(ctx)),
    'search.recentNotes': async (ctx) => notes.recent(callerOf(ctx)),
    'search.myViews': async (ctx) => notes.mine(callerOf(ctx)),
  });
}
