import type { Redis } from 'ioredis';

/**
 * A store kept in Redis, every key under `<prefix>:<space>:` (so deployments sharing a Redis, such
 * as parallel test runs, never read each other's keys), its entries living `ttlSeconds`.
 */
export abstract class RedisStore {
  protected readonly redis: Redis;
  /** `<prefix>:<space>`: the start of every key of this store. */
  protected readonly space: string;
  readonly ttlSeconds: number;

  constructor(redis: Redis, prefix: string, space: string, ttlSeconds: number) {
    this.redis = redis;
    this.space = `${prefix}:${space}`;
    this.ttlSeconds = ttlSeconds;
  }

  protected key(id: string | number): string {
    return `${this.space}:${id}`;
  }
}
