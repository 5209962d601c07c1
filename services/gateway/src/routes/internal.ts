import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../config.ts';

/** Paths only the internal listener serves: what they tell helps an attacker more than a visitor. */
export const INTERNAL_PATHS = new Set(['/metrics', '/readyz']);

/**
 * The kit registers `/metrics` and `/readyz` on every service; the gateway is the one service whose
 * port is public, so there they answer only on a second listener bound to `INTERNAL_HOST:INTERNAL_PORT`
 * (loopback by default, for Prometheus and the orchestrator's probes) and are a plain 404 on the
 * public port. `/healthz` (says only "ok") stays public for load balancers.
 */
export const internalListener = fp(
  async (app: FastifyInstance, opts: { config: GatewayConfig }) => {
    let server: Server | null = null;
    // Filtered at the public server itself: the kit's routes live in the root context, which the
    // gateway's (encapsulated) hooks do not reach.
    const [fastifyHandler] = app.server.listeners('request') as RequestListener[];
    if (!fastifyHandler) throw new Error('the gateway has no HTTP request handler to guard');
    app.server.removeListener('request', fastifyHandler);
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!INTERNAL_PATHS.has(pathOf(req))) return fastifyHandler(req, res);
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not found.' }));
    });
    app.addHook('onListen', async () => {
      const s = createServer((req, res) => {
        if (INTERNAL_PATHS.has(pathOf(req))) return fastifyHandler(req, res);
        res.writeHead(404).end();
      });
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(opts.config.INTERNAL_PORT, opts.config.INTERNAL_HOST, () => resolve());
      });
      app.log.info({ internal: s.address() }, 'metrics and readiness listen here');
    });
    app.addHook('onClose', async () => {
      const s = server;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    });
  },
  { name: 'internal-listener' },
);

/** The path as the router will read it: `/%6Detrics` and `/metrics/` are `/metrics` too. */
function pathOf(req: IncomingMessage): string {
  const raw = (req.url ?? '').split('?')[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // left as it came: the router refuses it too
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
