import type { ConnectionStats, SystemInfo } from '@console/contracts';
import { RedisStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    hubInfo: HubInfoCache;
  }
}

/**
 * The last system read and live-info stats of each hub, for the hub card: one Redis key per hub and
 * field (`<prefix>:hubinfo:<hubId>:info`, `…:stats`), each written with one `SET … PX` (a system
 * read writes its card on every action: MULTI/HSET/EXPIRE/EXEC cost a third of hub-control's CPU
 * in `HubActions.run`), each living `ttlSeconds` from its own last write.
 */
export class HubInfoCache extends RedisStore {
  async putInfo(hubId: number, info: SystemInfo): Promise<void> {
    await this.put(hubId, 'info', { ...info, readAt: Date.now() });
  }

  async putStats(hubId: number, stats: ConnectionStats): Promise<void> {
    await this.put(hubId, 'stats', stats);
  }

  /** A live-info error of group 1, code 503 clears the link's connection data (spec §4). */
  async clearStats(hubId: number): Promise<void> {
    await this.redis.del(this.field(hubId, 'stats'));
  }

  async get(
    hubId: number,
  ): Promise<{ info: (SystemInfo & { readAt: number }) | null; stats: ConnectionStats | null }> {
    const [info, stats] = await this.redis.mget(this.field(hubId, 'info'), this.field(hubId, 'stats'));
    return { info: info ? JSON.parse(info) : null, stats: stats ? JSON.parse(stats) : null };
  }

  private field(hubId: number, field: 'info' | 'stats'): string {
    return `${this.key(hubId)}:${field}`;
  }

  private async put(hubId: number, field: 'info' | 'stats', value: unknown): Promise<void> {
    await this.redis.set(this.field(hubId, field), JSON.stringify(value), 'PX', this.ttlSeconds * 1000);
  }
}

export const hubInfoPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number }) => {
    app.decorate('hubInfo', new HubInfoCache(app.redis, opts.prefix, 'hubinfo', opts.ttlSeconds));
  },
  { name: 'hub-info', dependencies: ['redis'] },
);
