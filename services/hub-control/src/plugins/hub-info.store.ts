import type { ConnectionStats, SystemInfo } from '@console/contracts';
import { RedisStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    hubInfo: HubInfoCache;
  }
}

/** The last system read and live-info stats of each hub, for the hub card, in one Redis hash per hub. */
export class HubInfoCache extends RedisStore {
  async putInfo(hubId: number, info: SystemInfo): Promise<void> {
    await this.put(hubId, 'info', { ...info, readAt: Date.now() });
  }

  async putStats(hubId: number, stats: ConnectionStats): Promise<void> {
    await this.put(hubId, 'stats', stats);
  }

  /** A live-info error of group 1, code 503 clears the link's connection data (spec §4). */
  async clearStats(hubId: number): Promise<void> {
    await this.redis.hdel(this.key(hubId), 'stats');
  }

  async get(
    hubId: number,
  ): Promise<{ info: (SystemInfo & { readAt: number }) | null; stats: ConnectionStats | null }> {
    const [info, stats] = await this.redis.hmget(this.key(hubId), 'info', 'stats');
    return { info: info ? JSON.parse(info) : null, stats: stats ? JSON.parse(stats) : null };
  }

  private async put(hubId: number, field: string, value: unknown): Promise<void> {
    await this.redis
      .multi()
      .hset(this.key(hubId), field, JSON.stringify(value))
      .expire(this.key(hubId), this.ttlSeconds)
      .exec();
  }
}

export const hubInfoPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number }) => {
    app.decorate('hubInfo', new HubInfoCache(app.redis, opts.prefix, 'hubinfo', opts.ttlSeconds));
  },
  { name: 'hub-info', dependencies: ['redis'] },
);
