import { resolve } from 'node:path';
import { type Caller, deploymentSocketUrl, otherDeployments } from '@console/contracts';
import { forwardPlugin, natsPlugin, redisPlugin } from '@console/kit';
import { sessionPlugin } from '@console/kit/session';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { GatewayConfig } from './config.ts';
import { discoveryPlugin } from './plugins/discovery.ts';
import { apiRoutes, sendError } from './routes/api.ts';
import { docsRoutes } from './routes/docs.ts';
import { internalListener } from './routes/internal.ts';
import { linkCloudRoutes } from './routes/link-cloud.ts';
import { ssoRoutes } from './routes/sso.ts';
import { webRoutes } from './routes/web.ts';
import { wsProxy } from './routes/ws-proxy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** The gateway as a plugin: connections, then sessions, then docs, API routes, the /ws proxy and the console. */
export async function buildGateway(app: FastifyInstance, opts: { config: GatewayConfig }) {
  const { config } = opts;
  // Helmet's security headers on every response. Built once: @fastify/helmet built the middleware
  // (and parsed the CSP) anew for every request, ~6 % of the gateway's CPU per API call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'self', and the sockets of the deployments an operator lists (User Sockets' server selection).
        connectSrc: ["'self'", ...otherDeployments(config.OTHER_DEPLOYMENTS).map(deploymentSocketUrl)],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'gateway' });
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(internalListener, { config });
  await app.register(sessionPlugin, { config });
  await app.register(forwardPlugin, {
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    assertionKey: config.CALLER_ASSERTION_KEY,
  });
  // `/ws` upgrades go to a fan-out instance (services/fanout), byte for byte.
  await app.register(wsProxy, { config });
  await app.register(discoveryPlugin);

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unexpected gateway failure');
      return sendError(reply, 500, `Something went wrong on our side (request ${req.id}).`);
    }
    return sendError(reply, status, err.message);
  });

  await app.register(docsRoutes);
  await app.register(apiRoutes);
  await app.register(ssoRoutes, { config });
  await app.register(linkCloudRoutes, { config });
  await app.register(webRoutes, { dist: config.WEB_DIST || resolve(repoRoot, 'web/dist') });
}
