import { ApiError } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { Handler, HandlerContext } from './handler-context.ts';

// Postgres SQLSTATEs for "the server is going away or not accepting connections", and socket failures.
const PG_DOWN = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const SOCKET_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const MONGO_DOWN = /^Mongo(Network|ServerSelection|NotConnected)/;
const LINK_CLOSED = /connection (is closed|terminated)|enableOfflineQueue|pool is ended/i;

/**
 * Postgres, Redis or Mongo unreachable, as opposed to a bug: worth a 503 a person can wait out.
 * A Redis that answered with an error (ReplyError) was reached: that is a bug, not an outage.
 */
export function isStoreDown(app: FastifyInstance, err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'ReplyError') return false;
  if (app.hasDecorator('redis') && app.redis.status !== 'ready') return true;
  if (e.name === 'MaxRetriesPerRequestError' || MONGO_DOWN.test(e.name ?? '')) return true;
  if (e.code && (PG_DOWN.has(e.code) || SOCKET_DOWN.has(e.code))) return true;
  return LINK_CLOSED.test(e.message ?? '');
}

export interface ErrorMapping {
  /** The 503 message when a store cannot be reached, in the service's words; may depend on the operation. */
  unavailable: string | ((operationId: string) => string);
  /** The service's own cases, tried first: an ApiError to answer with, or undefined to go on. */
  map?: (err: unknown, ctx: HandlerContext, operationId: string) => ApiError | undefined;
}

/**
 * Every service's one error mapping, around every handler: ApiErrors pass as they are; the
 * service's own cases next; an unreachable store becomes a 503; anything else goes on to the kit's
 * endpoint path, which logs it and answers 500 without internals.
 */
export function withErrorMapping(
  app: FastifyInstance,
  handlers: Readonly<Record<string, Handler>>,
  mapping: ErrorMapping,
): Record<string, Handler> {
  const mapped: Record<string, Handler> = {};
  for (const [id, handler] of Object.entries(handlers)) {
    mapped[id] = async (ctx) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const own = mapping.map?.(err, ctx, id);
        if (own) throw own;
        if (!isStoreDown(app, err)) throw err;
        ctx.log.warn({ err }, 'store unavailable');
        const { unavailable } = mapping;
        throw new ApiError(503, typeof unavailable === 'function' ? unavailable(id) : unavailable);
      }
    };
  }
  return mapped;
}
