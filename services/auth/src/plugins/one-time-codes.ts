import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ONE_TIME_CODE } from '@console/contracts';
import { RedisStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    codes: OneTimeCodes;
  }
}

/** Six digits from the CSPRNG, zero-padded so every value is equally likely. */
export function generateCode(): string {
  return randomInt(0, 10 ** ONE_TIME_CODE.length)
    .toString()
    .padStart(ONE_TIME_CODE.length, '0');
}

/**
 * The handle of one sign-in attempt: 32 random bytes, returned only to whoever passed the password
 * step. A code can be tried only through it, so a stranger who knows a staff id (1, 2, 3…) cannot
 * address, probe or burn anyone's pending code.
 */
export function newAttemptId(): string {
  return randomBytes(32).toString('base64url');
}

/** Only a hash is stored, bound to the attempt, so a Redis dump does not hand out live codes. */
export function codeHash(attemptId: string, code: string): string {
  return createHash('sha256').update(`${attemptId}:${code}`).digest('hex');
}

/** The user whose code matched, or null for every failure alike (wrong, expired, used, unknown). */
export type CodeCheck = { userId: string } | null;

// One round trip decides and consumes, so two racing requests cannot both use one code and the
// attempt's counter cannot be outrun. Returns the user id on a match (deleted), false otherwise.
const CHECK = `
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return false end
if h == ARGV[1] then
  local u = redis.call('HGET', KEYS[1], 'u')
  redis.call('DEL', KEYS[1])
  return u
end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return false`;

/**
 * E-mailed sign-in codes in Redis, one per sign-in attempt: single use, short-lived, dead after too
 * many wrong tries through that attempt's id (which only the person who typed the password holds).
 */
export class OneTimeCodes extends RedisStore {
  private readonly maxAttempts: number;
  constructor(redis: Redis, prefix: string, ttlSeconds: number, maxAttempts: number) {
    super(redis, prefix, 'otc', ttlSeconds);
    this.maxAttempts = maxAttempts;
  }

  /** A fresh attempt for the user, holding the code's hash; its id is the only way to try the code. */
  async issue(userId: string, code: string): Promise<string> {
    const attemptId = newAttemptId();
    const key = this.attemptKey(attemptId);
    await this.redis
      .multi()
      .hset(key, { h: codeHash(attemptId, code), u: userId, tries: 0 })
      .expire(key, this.ttlSeconds)
      .exec()
      .then(throwOnFailedStep);
    return attemptId;
  }

  async check(attemptId: string, code: string): Promise<CodeCheck> {
    const r = await this.redis.eval(
      CHECK,
      1,
      this.attemptKey(attemptId),
      codeHash(attemptId, code),
      this.maxAttempts,
    );
    return typeof r === 'string' ? { userId: r } : null;
  }

  async revoke(attemptId: string): Promise<void> {
    await this.redis.del(this.attemptKey(attemptId));
  }

  /**
   * Keyed by a hash of the attempt id, so a Redis dump holds neither the id nor anything to test
   * codes against offline (the code's hash is salted with the id the dump lacks).
   */
  attemptKey(attemptId: string): string {
    return this.key(createHash('sha256').update(attemptId).digest('hex'));
  }
}

/** ioredis reports a failed step inside MULTI in the results, not by rejecting. */
export function throwOnFailedStep(results: [Error | null, unknown][] | null): void {
  if (!results) throw new Error('redis transaction aborted');
  for (const [err] of results) if (err) throw err;
}

export const oneTimeCodesPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number; maxAttempts: number }) => {
    app.decorate('codes', new OneTimeCodes(app.redis, opts.prefix, opts.ttlSeconds, opts.maxAttempts));
  },
  { name: 'one-time-codes', dependencies: ['redis'] },
);
