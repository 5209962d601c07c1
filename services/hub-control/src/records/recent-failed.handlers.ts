import { RECENT_FAILED, recentFailedOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** Recent Failed Commands of the Support Plus overview: the newest transactions that did not succeed. */
export function recentFailedHandlers(app: FastifyInstance) {
  return defineHandlers(recentFailedOperations, {
    'hub-control.recentFailedCommands': async (ctx) => ({
      rows: await app.records.recentFailed(ctx.query.limit ?? RECENT_FAILED.limit),
    }),
  });
}
