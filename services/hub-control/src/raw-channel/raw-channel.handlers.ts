import { rawChannelOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The raw channel's operation (reached through the gateway's /ws only), and the deployments it offers. */
export function rawChannelHandlers(app: FastifyInstance) {
  return defineHandlers(rawChannelOperations, {
    'hub-control.rawSend': async (ctx) =>
      app.rawChannel.send(ctx, ctx.body.to, ctx.body.message, ctx.body.customer),
    'hub-control.deployments': async () => ({ deployments: app.deployments }),
  });
}
