import { ApiError } from '@console/contracts';
import type { Handler } from '@console/kit';
import type { FastifyInstance } from 'fastify';

const UNAVAILABLE =
  'Search is temporarily unavailable (a database is not answering); please try again shortly.';
const PG_DOWN = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const SOCKET_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const PG_CANCELED = '57014';
const PG_UNDEFINED_TABLE = '42P01';

/**
 * The service's one error mapping: expected failures are ApiErrors already; a store that cannot be
 * reached is a 503; a statement stopped by the time limit a 422 the person can act on; the legacy
 * tables not loaded yet a 503 saying so. Anything else goes on to the kit (logged, 500, no internals).
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
        if (err instanceof ApiError) throw err;
        const e = err as { code?: string; name?: string; message?: string };
        if (e.code === PG_CANCELED) {
          throw new ApiError(
            422,
            'The search took too long and was stopped; use a longer or more exact term.',
          );
        }
        if (e.code === PG_UNDEFINED_TABLE) {
          ctx.log.warn({ err }, 'search tables missing');
          throw new ApiError(503, 'The customer data is not loaded yet; please try again once it is.');
        }
        const down =
          (e.code && (PG_DOWN.has(e.code) || SOCKET_DOWN.has(e.code))) ||
          e.name === 'MongoNetworkError' ||
          e.name === 'MongoServerSelectionError' ||
          /Connection terminated|pool is ended/i.test(e.message ?? '');
        if (!down) throw err;
        ctx.log.warn({ err }, 'store unavailable');
        app.log.warn({ op: id }, 'search store unavailable');
        throw new ApiError(503, UNAVAILABLE);
      }
    };
  }
  return mapped;
}
