import { createHash, randomInt } from 'node:crypto';
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

/** Only a hash is stored, bound to the user, so a Redis dump does not hand out live codes. */
export function codeHash(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export type CodeCheck = 'ok' | 'wrong' | 'gone';

// One round trip decides and consumes, so two racing requests cannot both use one code
// and the attempt counter cannot be outrun. 1 = match (deleted), 0 = wrong, -1 = none.
const CHECK = `
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return -1 end
if h == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return 0`;

/** E-mailed sign-in codes in Redis: single use, short-lived, dead after too many wrong tries. */
export class OneTimeCodes extends RedisStore {
  private readonly maxAttempts: number;
  constructor(redis: Redis, prefix: string, ttlSeconds: number, maxAttempts: number) {
    super(redis, prefix, 'otc', ttlSeconds);
    this.maxAttempts = maxAttempts;
  }

  /** A new code replaces any earlier one for the user, with a fresh count of tries. */
  async issue(userId: string, code: string): Promise<void> {
    const key = this.key(userId);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { h: codeHash(userId, code), tries: 0 })
      .expire(key, this.ttlSeconds)
      .exec()
      .then(throwOnFailedStep);
  }

  async check(userId: string, code: string): Promise<CodeCheck> {
    const r = await this.redis.eval(CHECK, 1, this.key(userId), codeHash(userId, code), this.maxAttempts);
    return r === 1 ? 'ok' : r === 0 ? 'wrong' : 'gone';
  }

  async revoke(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
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
