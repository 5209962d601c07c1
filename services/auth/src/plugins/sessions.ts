import { SessionStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/** The kit's Redis sessions, under the same prefix and limits the gateway reads them with. */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; idleSeconds: number; absoluteSeconds: number }) => {
    const limits = { idleSeconds: opts.idleSeconds, absoluteSeconds: opts.absoluteSeconds };
    app.decorate('sessions', new SessionStore(app.redis, limits, opts.prefix));
  },
  { name: 'sessions', dependencies: ['redis'] },
);
