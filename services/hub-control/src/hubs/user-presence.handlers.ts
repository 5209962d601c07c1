import { hubControlOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The user detail's connected state: each asked user's connected clients now. */
export function userPresenceHandlers(app: FastifyInstance) {
  return defineHandlers(hubControlOperations, {
    'hub-control.userPresence': async (ctx) => ({
      users: await app.userPresence.of([...new Set(ctx.body.userIds)]),
    }),
  });
}
