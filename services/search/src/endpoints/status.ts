import { searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The Gen1 status and notes panel: metadata errors, the Link Plus indicator, the LWRF Links boxes. */
export function statusHandlers(app: FastifyInstance) {
  const { status } = app.searchDomain;
  return defineHandlers(searchOperations, {
    'search.getMetaData': async (ctx) => status.metaData(Number(ctx.params.userId)),
    'search.linkPlus': async (ctx) => status.linkPlus(Number(ctx.params.userId)),
    'search.wflLink': async (ctx) => status.wflLink(Number(ctx.params.wflId)),
  });
}
