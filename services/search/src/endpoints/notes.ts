import type { SaveNoteBody, UpdateNoteBody } from '@console/contracts';
import type { Handler, HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { callerOf } from './caller.ts';

/** Support notes and view history: the author and the viewer are always the signed-in caller. */
export function noteHandlers(app: FastifyInstance): Record<string, Handler> {
  const { notes } = app.searchDomain;
  return {
    'search.loadNotes': async (ctx: HandlerContext<unknown, { userId: string }>) =>
      notes.load(ctx.params.userId, callerOf(ctx)),
    'search.saveNote': async (ctx: HandlerContext<SaveNoteBody>) =>
      notes.save(ctx.body.customerId.trim(), ctx.body.notes, callerOf(ctx)),
    'search.updateNote': async (ctx: HandlerContext<UpdateNoteBody>) =>
      notes.update(ctx.body.id, ctx.body.notes, callerOf(ctx)),
    'search.viewHistory': async (ctx: HandlerContext<unknown, { userId: string }>) =>
      notes.viewed(ctx.params.userId, callerOf(ctx)),
  };
}
