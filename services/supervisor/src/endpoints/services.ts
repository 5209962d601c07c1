import { servicesOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { SupervisorOptions } from '../app.ts';
import { servicesView } from '../plugins/discovery.ts';

/** The services view (ops): `$SRV` discovery of this deployment's services and gateways. */
export function serviceHandlers(app: FastifyInstance, { config, now }: SupervisorOptions) {
  return defineHandlers(servicesOperations, {
    'supervisor.servicesView': async () =>
      servicesView(app.nats, app.subjects.prefix, config.DISCOVERY_TIMEOUT_MS, now()),
  });
}
