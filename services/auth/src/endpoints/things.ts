import { ApiError, thingOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The things on the main screen: everyone signed in reads them, admins add and delete (core spec §6). */
export function thingHandlers(app: FastifyInstance) {
  return defineHandlers(thingOperations, {
    'auth.thingsList': async () => app.things.list(),

    'auth.thingsCreate': async (ctx) => {
      const name = ctx.body.name.trim();
      if (name === '') throw new ApiError(400, 'A name is required', { name: 'A name is required' });
      return app.things.create(name);
    },

    'auth.thingsDelete': async (ctx) => {
      if (!(await app.things.remove(ctx.params.id))) throw new ApiError(404, 'No such thing.');
      return { message: 'Thing deleted.' };
    },
  });
}
