import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

/**
 * No offline queue: while Redis is away, commands fail at once instead of piling up,
 * so callers that guard security (codes, rate limits, sessions) can refuse cleanly.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, opts: { url: string }) => {
    const redis = new Redis(opts.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      // Commands issued in the same tick (many requests in flight) go out in one write.
      enableAutoPipelining: true,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.readiness.add('redis', async () => {
      await redis.ping();
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['health'] },
);
