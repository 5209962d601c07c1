import { createHash } from 'node:crypto';
import { ApiError } from '@console/contracts';
import { RedisStore } from './redis-store.ts';

/** One counter: a kind of attempt by one subject (an account and address, a staff member), and its limit. */
export interface Bucket {
  name: string;
  subject: string;
  limit?: number;
}

/** What counting an attempt found: each bucket's count, and how long until the first one over its limit resets. */
export interface Counted {
  counts: number[];
  /** Seconds until every over-limit bucket resets; 0 when none is over. */
  waitSeconds: number;
}

export const TOO_MANY = 'Too many attempts; please wait a few minutes and try again.';

// Counts every bucket in one round trip and reads each one's remaining life; the window starts
// with a bucket's first attempt. Answers count, ttl pairs.
const TAKE = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('EXPIRE', key, ARGV[1]) end
  out[2 * i - 1] = n
  out[2 * i] = redis.call('TTL', key)
end
return out`;

// A finished attempt hands its count back; a key that expired meanwhile stays gone.
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 1`;

/**
 * Fixed-window attempt counters in Redis, shared by every instance. An attempt is counted before
 * it is judged, so parallel guesses cannot slip past the limit; an attempt that succeeds may give
 * its count back, so a person who succeeds often is never locked out by their own successes.
 */
export class RateLimiter extends RedisStore {
  private bucketKey(b: Bucket) {
    // Hashed so that e-mail addresses and client addresses do not sit in Redis in clear.
    const subject = createHash('sha256').update(b.subject).digest('base64url').slice(0, 22);
    return this.key(`${b.name}:${subject}`);
  }

  /** Counts an attempt in every bucket and says whether (and how long) any is over its limit. */
  async count(buckets: Bucket[]): Promise<Counted> {
    const raw = (await this.redis.eval(
      TAKE,
      buckets.length,
      ...buckets.map((b) => this.bucketKey(b)),
      this.ttlSeconds,
    )) as number[];
    const counts = buckets.map((_, i) => raw[2 * i] ?? 0);
    let waitSeconds = 0;
    buckets.forEach((b, i) => {
      if (b.limit !== undefined && (counts[i] ?? 0) > b.limit)
        waitSeconds = Math.max(waitSeconds, Math.max(1, raw[2 * i + 1] ?? this.ttlSeconds));
    });
    return { counts, waitSeconds };
  }

  /**
   * Counts an attempt in every bucket; throws 429 if any is over its limit. A bucket without a
   * limit only counts (the caller decides what its count means); the counts come back in order.
   */
  async take(buckets: Bucket[]): Promise<number[]> {
    const { counts, waitSeconds } = await this.count(buckets);
    if (waitSeconds > 0) throw new ApiError(429, TOO_MANY);
    return counts;
  }

  async giveBack(buckets: Bucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await this.redis.eval(GIVE_BACK, buckets.length, ...buckets.map((b) => this.bucketKey(b)));
  }
}
