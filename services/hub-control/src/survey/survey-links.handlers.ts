import { surveyLinksOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** Survey Links (analytics spec §2, §7): many hubs' system reads; its row Backup is in backup-actions. */
export function surveyLinksHandlers(app: FastifyInstance) {
  return defineHandlers(surveyLinksOperations, {
    'hub-control.surveyLinks': (ctx) => app.survey.run(ctx, ctx.body.linkIds, ctx.body.baseFirmware),
  });
}
