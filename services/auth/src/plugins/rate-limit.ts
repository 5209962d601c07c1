import { RateLimiter } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

/**
 * The wait before judging a password attempt on an account that has seen `attempts` in the window
 * from anywhere: nothing up to `after`, then doubling from 250 ms up to `maxMs`. A stranger spraying
 * one known address can slow its sign-in by at most `maxMs`, never lock it.
 */
export function backoffMs(attempts: number, after: number, maxMs: number): number {
  if (attempts <= after) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(attempts - after - 1, 20));
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; windowSeconds: number }) => {
    app.decorate('rateLimit', new RateLimiter(app.redis, opts.prefix, 'rl', opts.windowSeconds));
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
