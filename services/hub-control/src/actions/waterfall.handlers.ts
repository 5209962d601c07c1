import { type Caller, waterfallOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The command waterfall: an action's timed stages, by transaction or correlation id, and Cancel. */
export function waterfallHandlers(app: FastifyInstance) {
  return defineHandlers(waterfallOperations, {
    'hub-control.actionStages': (ctx) =>
      app.waterfall.view({ transactionId: Number(ctx.params.transactionId) }),
    'hub-control.actionStagesByCorrelation': (ctx) =>
      app.waterfall.view({ correlationId: ctx.params.correlationId }),
    'hub-control.cancelAction': async (ctx) => {
      const transactionId = Number(ctx.params.transactionId);
      const { first, by } = await app.waterfall.cancel(transactionId, ctx.caller as Caller);
      return {
        transactionId,
        cancelledBy: by.name,
        message: `${first.action} cancelled: the console stopped waiting; a late reply is still recorded.`,
      };
    },
  });
}
