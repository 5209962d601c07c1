import type { Caller } from '@console/contracts';
import { forwardPlugin, natsPlugin, redisPlugin } from '@console/kit';
import { sessionPlugin } from '@console/kit/session';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FanoutConfig } from './config.ts';
import { livePlugin } from './live/plugin.ts';
import { discoveryPlugin } from './plugins/discovery.ts';
import { wsRoutes } from './routes/ws.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/**
 * The websocket fan-out as a plugin: connections, the session reader (the gateway's cookie and key,
 * through the kit), the forwarder for hub checks and raw sends, the live fan-out, its `$SRV`
 * registration, then `/ws`. Every instance holds only its own sockets; the gateway (or an ingress)
 * sends each upgrade to one of them.
 */
export async function buildFanout(app: FastifyInstance, opts: { config: FanoutConfig }) {
  const { config } = opts;
  await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'fanout' });
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(sessionPlugin, { config });
  await app.register(forwardPlugin, {
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    assertionKey: config.CALLER_ASSERTION_KEY,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(livePlugin, { config });
  await app.register(discoveryPlugin, { config });
  await app.register(wsRoutes, { config });
}
