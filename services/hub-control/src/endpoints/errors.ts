import { ApiError } from '@console/contracts';
import type { Handler } from '@console/kit';
import type { FastifyInstance } from 'fastify';

const UNAVAILABLE =
  'Hub actions are unavailable right now (a store cannot be reached); nothing was sent to the link.';
const SOCKET_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** Redis or Mongo unreachable, as opposed to a bug. */
function isStoreDown(app: FastifyInstance, err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'ReplyError') return false;
  if (app.redis.status !== 'ready') return true;
  if (
    e.name === 'MaxRetriesPerRequestError' ||
    /^Mongo(Network|ServerSelection|NotConnected)/.test(e.name ?? '')
  )
    return true;
  if (e.code && SOCKET_DOWN.has(e.code)) return true;
  return /Connection (is closed|terminated)|enableOfflineQueue/.test(e.message ?? '');
}

/**
 * The service's one error mapping: ApiErrors pass; an unreachable store before anything was sent
 * becomes a 503 a person can wait out; anything else goes to the kit (logged, 500 without internals).
 */
export function withErrorMapping(
  app: FastifyInstance,
  handlers: Record<string, Handler>,
): Record<string, Handler> {
  const mapped: Record<string, Handler> = {};
  for (const [id, handler] of Object.entries(handlers)) {
    mapped[id] = async (ctx) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof ApiError || !isStoreDown(app, err)) throw err;
        ctx.log.warn({ err }, 'store unavailable');
        throw new ApiError(503, UNAVAILABLE);
      }
    };
  }
  return mapped;
}
