import { servicesOperations, supervisorOperations } from '@console/contracts';
import { migrateService, mongoPlugin, natsPlugin, postgresPlugin, registerOperations } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SupervisorConfig } from './config.ts';
import { hostHandlers } from './endpoints/hosts.ts';
import { serviceHandlers } from './endpoints/services.ts';
import { workerHandlers } from './endpoints/worker-connections.ts';
import { heartbeatsPlugin } from './plugins/heartbeats.ts';
import { presencePlugin } from './plugins/presence.ts';

export interface SupervisorOptions {
  config: SupervisorConfig;
  /** The clock of the derived fields and date defaults; tests move it. */
  now: () => Date;
}

const operations = [...supervisorOperations, ...servicesOperations] as const;

/**
 * The supervisor service as a plugin: connections and its tables, the heartbeat consumer and the
 * presence follower, then the NATS endpoints last (no request before the stores are ready).
 */
export const supervisorApp = fp(
  async (app: FastifyInstance, { config, now }: { config: SupervisorConfig; now?: () => Date }) => {
    const options: SupervisorOptions = { config, now: now ?? (() => new Date()) };
    await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'supervisor' });
    await app.register(postgresPlugin, { url: config.DATABASE_URL, max: config.PG_POOL_MAX });
    await app.register(mongoPlugin, { url: config.MONGO_URL });
    await migrateService(app, 'supervisor', new URL('../migrations/', import.meta.url));
    await app.register(heartbeatsPlugin, { historyHours: config.HISTORY_HOURS });
    await app.register(presencePlugin);
    await registerOperations(app, {
      service: 'supervisor',
      operations,
      handlers: {
        ...hostHandlers(app, options),
        ...workerHandlers(app, options),
        ...serviceHandlers(app, options),
      },
      errors: {
        unavailable: 'The supervisor’s stores are not reachable right now; please try again shortly.',
      },
    });
  },
  { name: 'supervisor-app', dependencies: ['health', 'metrics'] },
);
