import { hostname } from 'node:os';
import { instanceId, serviceVersion } from '@console/kit';
import { Svcm } from '@nats-io/services';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Makes each gateway instance visible to the services view: a `$SRV` service named `gateway` (no
 * queue group: every instance answers for itself) whose one endpoint's stats data carries the
 * gateway's own figures — websockets it is passing to the fan-out, API requests forwarded, and
 * per operation the calls no instance answered in time. Live topics and events are the fan-out's
 * (services/fanout registers its own instances).
 */
export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    let requests = 0;
    app.addHook('onResponse', async (req) => {
      if (req.url.startsWith('/api/')) requests++;
    });
    const figures = async () => ({
      sockets: app.proxiedSockets(),
      requests,
      timeouts: Object.fromEntries(app.forwardTimeouts),
    });
    const svc = await new Svcm(app.nats).add({
      name: 'gateway',
      version: serviceVersion('gateway'),
      description: 'console gateway',
      queue: '',
      metadata: {
        prefix: app.subjects.prefix,
        instance: instanceId(process.env.INSTANCE_ID ?? ''),
        host: hostname(),
      },
      statsHandler: () => figures(),
    });
    svc.addEndpoint('figures', {
      subject: app.subjects.gatewayFigures(),
      handler: (err, msg) => {
        if (err) return;
        void figures().then((f) => msg.respond(JSON.stringify(f)));
      },
    });
    app.addHook('onClose', async () => {
      await svc.stop().catch(() => undefined);
    });
  },
  { name: 'gateway-discovery', dependencies: ['nats', 'metrics', 'forward', 'ws-proxy'] },
);
