import { hostname } from 'node:os';
import { instanceId, serviceVersion } from '@console/kit';
import { Svcm } from '@nats-io/services';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Makes each gateway instance visible to the services view: a `$SRV` service named `gateway` (no
 * queue group: every instance answers for itself) whose one endpoint's stats data carries the
 * gateway's own figures — open sockets, live topics, live events out, API requests forwarded, and
 * per operation the calls no instance answered in time.
 */
export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    let requests = 0;
    app.addHook('onResponse', async (req) => {
      if (req.url.startsWith('/api/')) requests++;
    });
    const gauge = async (name: string) => {
      const metric = app.metrics.registry.getSingleMetric(name);
      const got = metric ? await metric.get() : null;
      return got?.values.reduce((n, v) => n + v.value, 0) ?? 0;
    };
    const figures = async () => ({
      sockets: await gauge('console_live_sockets'),
      topics: await gauge('console_live_topics'),
      eventsOut: await gauge('console_live_events_out_total'),
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
  { name: 'gateway-discovery', dependencies: ['nats', 'metrics', 'forward'] },
);
