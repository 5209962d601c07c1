import type { SupportPlusCountBody, SupportPlusQueryBody } from '@console/contracts';
import type { Handler, HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { callerOf } from './caller.ts';

/** The generic Support Plus reads, behind the guard (plugins/query). */
export function queryHandlers(app: FastifyInstance): Record<string, Handler> {
  return {
    'search.query': async (ctx: HandlerContext<SupportPlusQueryBody>) =>
      app.searchDomain.queries.find(ctx.body, callerOf(ctx)),
    'search.count': async (ctx: HandlerContext<SupportPlusCountBody>) =>
      app.searchDomain.queries.count(ctx.body, callerOf(ctx)),
  };
}
