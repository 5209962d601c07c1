import { type Subjects, subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    nats: NatsConnection;
    subjects: Subjects;
  }
}

export interface NatsPluginOptions {
  url: string;
  prefix: string;
  name: string;
}

/**
 * One NATS connection per process. It reconnects without limit (a broker restart must not
 * take services down for good) and logs every state change; readiness follows the link.
 */
export const natsPlugin = fp(
  async (app: FastifyInstance, opts: NatsPluginOptions) => {
    const nc = await connect({
      servers: opts.url.split(','),
      name: opts.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
    });
    let connected = true;
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect') connected = false;
        if (s.type === 'reconnect') connected = true;
        if (s.type !== 'ping') app.log.info({ nats: s.type }, 'nats status');
      }
    })();
    app.decorate('nats', nc);
    app.decorate('subjects', subjects(opts.prefix));
    app.readiness.add('nats', () => {
      if (!connected || nc.isClosed()) throw new Error('not connected');
    });
    app.addHook('onClose', async () => {
      // drain lets in-flight requests finish and unsubscribes the service endpoints first.
      if (!nc.isClosed()) await nc.drain().catch(() => undefined);
    });
  },
  { name: 'nats', dependencies: ['health'] },
);
