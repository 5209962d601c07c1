import { ApiError } from '@console/contracts';
import type { Handler } from '@console/kit';
import type { FastifyInstance } from 'fastify';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable; please try again shortly.';
export const UNAVAILABLE = 'The account service is temporarily unavailable; please try again shortly.';

const signInOps = new Set(['auth.login', 'auth.verifyCode']);

// Postgres SQLSTATEs for "the server is going away or not accepting connections", and socket failures.
const PG_DOWN = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const SOCKET_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** Redis or Postgres unreachable, as opposed to a bug: worth a 503 the person can wait out. */
export function isStoreDown(app: FastifyInstance, err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'ReplyError') return false; // Redis answered: a command was wrong, not unreachable
  if (app.redis.status !== 'ready') return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (e.code && (PG_DOWN.has(e.code) || SOCKET_DOWN.has(e.code))) return true;
  return /Connection (is closed|terminated)|enableOfflineQueue/.test(e.message ?? '');
}

/**
 * The service's one error mapping, around every handler: expected failures are already ApiErrors;
 * a store that cannot be reached becomes a 503 (sign-in says so in its own words and never lets
 * anyone in); anything else goes on to the kit, which logs it and answers 500 without internals.
 */
export function withErrorMapping(app: FastifyInstance, handlers: Record<string, Handler>) {
  const mapped: Record<string, Handler> = {};
  for (const [id, handler] of Object.entries(handlers)) {
    mapped[id] = async (ctx) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof ApiError || !isStoreDown(app, err)) throw err;
        ctx.log.warn({ err }, 'store unavailable');
        throw new ApiError(503, signInOps.has(id) ? SIGN_IN_UNAVAILABLE : UNAVAILABLE);
      }
    };
  }
  return mapped;
}
