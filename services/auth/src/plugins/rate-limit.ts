import { createHash } from 'node:crypto';
import { ApiError } from '@console/contracts';
import { RedisStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

/** One counter: a kind of attempt by one subject (an account and address, an address), and its limit. */
export interface Bucket {
  name: string;
  subject: string;
  limit?: number;
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

export const TOO_MANY = 'Too many attempts; please wait a few minutes and try again.';

// Counts every bucket in one round trip; the window starts with a bucket's first attempt.
const TAKE = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('EXPIRE', key, ARGV[1]) end
  out[i] = n
end
return out`;

// A finished sign-in hands its attempts back; a key that expired meanwhile stays gone.
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 1`;

/**
 * Fixed-window attempt counters in Redis, shared by every instance. An attempt is counted before
 * it is judged, so parallel guesses cannot slip past the limit; a sign-in that completes gives its
 * attempts back, so a person who signs in often is never locked out by their own successes.
 */
export class RateLimiter extends RedisStore {
  private bucketKey(b: Bucket) {
    // Hashed so that e-mail addresses and client addresses do not sit in Redis in clear.
    const subject = createHash('sha256').update(b.subject).digest('base64url').slice(0, 22);
    return this.key(`${b.name}:${subject}`);
  }

  /**
   * Counts an attempt in every bucket; throws 429 if any is over its limit. A bucket without a
   * limit only counts (the caller decides what its count means); the counts come back in order.
   */
  async take(buckets: Bucket[]): Promise<number[]> {
    const counts = (await this.redis.eval(
      TAKE,
      buckets.length,
      ...buckets.map((b) => this.bucketKey(b)),
      this.ttlSeconds,
    )) as number[];
    if (buckets.some((b, i) => b.limit !== undefined && (counts[i] ?? 0) > b.limit))
      throw new ApiError(429, TOO_MANY);
    return counts;
  }

  async giveBack(buckets: Bucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await this.redis.eval(GIVE_BACK, buckets.length, ...buckets.map((b) => this.bucketKey(b)));
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; windowSeconds: number }) => {
    app.decorate('rateLimit', new RateLimiter(app.redis, opts.prefix, 'rl', opts.windowSeconds));
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
