import { searchOperations } from '@console/contracts';
import { callerOf, defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The generic Support Plus reads, behind the guard (plugins/query). */
export function queryHandlers(app: FastifyInstance) {
  return defineHandlers(searchOperations, {
    'search.query': async (ctx) => app.searchDomain.queries.find(ctx.body, callerOf(ctx)),
    'search.count': async (ctx) => app.searchDomain.queries.count(ctx.body, callerOf(ctx)),
  });
}
