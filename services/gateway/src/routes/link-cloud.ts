import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendError } from './api.ts';

/**
 * /link/* → the third-party link service (seed 000 §7), for signed-in staff only: the console's
 * pages may talk to their own origin alone (CSP), and the service is not on the broker (it stands
 * for outside clouds). Method, JSON body, query and the customer's bearer token pass through; the
 * staff cookie does not.
 */
export async function linkCloudRoutes(app: FastifyInstance, opts: { config: GatewayConfig }) {
  const base = opts.config.LINK_CLOUD_URL.replace(/\/+$/, '');
  app.route({
    method: ['GET', 'POST'],
    url: '/link/*',
    schema: { hide: true },
    onRequest: async (req, reply) => {
      const caller = await app.resolveCaller(req, reply);
      if (!caller) return sendError(reply, 401, 'Please sign in.');
    },
    handler: async (req, reply) => {
      if (!base) return sendError(reply, 503, 'The link service is not configured (LINK_CLOUD_URL).');
      const target = `${base}${req.url.slice('/link'.length)}`;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
      if (req.method === 'POST') headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await fetch(target, {
          method: req.method,
          headers,
          body: req.method === 'POST' ? JSON.stringify(req.body ?? {}) : undefined,
          signal: AbortSignal.timeout(opts.config.REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        req.log.warn({ err }, 'link service unreachable');
        return sendError(reply, 503, 'The link service cannot be reached right now.');
      }
      return reply
        .code(res.status)
        .type('application/json; charset=utf-8')
        .send(await res.text());
    },
  });
}
