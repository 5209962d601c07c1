import { Redis } from 'ioredis';

export interface ScratchRedis {
  redis: Redis;
  prefix: string;
  /** Deletes every key under the prefix and disconnects. */
  drop(): Promise<void>;
}

/** A Redis client for a test whose keys live under `prefix:` (the services' REDIS_PREFIX). */
export function scratchRedis(url: string, prefix: string): ScratchRedis {
  const redis = new Redis(url);
  return {
    redis,
    prefix,
    drop: async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
