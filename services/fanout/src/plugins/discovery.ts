import { hostname } from 'node:os';
import { instanceId, serviceVersion } from '@console/kit';
import { Svcm } from '@nats-io/services';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FanoutConfig } from '../config.ts';

/** The `$SRV` name every fan-out instance registers under (the gateway looks them up by it). */
export const FANOUT_SERVICE = 'fanout';

/** The address a gateway reaches this instance at: ADVERTISE_HOST, else HOST (loopback for a wildcard). */
export function advertisedHost(config: Pick<FanoutConfig, 'ADVERTISE_HOST' | 'HOST'>): string {
  if (config.ADVERTISE_HOST) return config.ADVERTISE_HOST;
  return config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '' ? '127.0.0.1' : config.HOST;
}

/**
 * Makes each fan-out instance visible: a `$SRV` service named `fanout` (no queue group: every
 * instance answers for itself), registered once it listens, whose metadata carries the address of
 * its `/ws` (`url`, host:port — what the gateway proxies upgrades to) and whose one endpoint's stats
 * data carries its figures: open sockets, live topics, live events out.
 */
export const discoveryPlugin = fp(
  async (app: FastifyInstance, opts: { config: FanoutConfig }) => {
    const gauge = async (name: string) => {
      const metric = app.metrics.registry.getSingleMetric(name);
      const got = metric ? await metric.get() : null;
      return got?.values.reduce((n, v) => n + v.value, 0) ?? 0;
    };
    const figures = async () => ({
      sockets: await gauge('console_live_sockets'),
      topics: await gauge('console_live_topics'),
      eventsOut: await gauge('console_live_events_out_total'),
    });
    let stop: () => Promise<void> = async () => undefined;
    app.addHook('onListen', async () => {
      const address = app.server.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      const svc = await new Svcm(app.nats).add({
        name: FANOUT_SERVICE,
        version: serviceVersion(FANOUT_SERVICE),
        description: 'console websocket fan-out',
        queue: '',
        metadata: {
          prefix: app.subjects.prefix,
          instance: instanceId(process.env.INSTANCE_ID ?? ''),
          host: hostname(),
          url: `${advertisedHost(opts.config)}:${port}`,
        },
        statsHandler: () => figures(),
      });
      svc.addEndpoint('figures', {
        subject: app.subjects.fanoutFigures(),
        handler: (err, msg) => {
          if (err) return;
          void figures().then((f) => msg.respond(JSON.stringify(f)));
        },
      });
      stop = async () => {
        await svc.stop().catch(() => undefined);
      };
    });
    // Before the sockets close: no gateway sends a new socket to an instance on its way out.
    app.addHook('preClose', async () => stop());
  },
  { name: 'fanout-discovery', dependencies: ['nats', 'metrics', 'live'] },
);
