import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    hubMetrics: {
      actions: Counter<'action' | 'state'>;
      malformed: Counter<'source'>;
      recordFailures: Counter<'store'>;
      gen1Commands: Counter<'state'>;
      pings: Counter<'outcome'>;
    };
  }
}

/** Counts the service's own events beside the kit's per-operation durations. */
export const hubMetricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registers = [app.metrics.registry];
    app.decorate('hubMetrics', {
      actions: new Counter({
        name: 'console_hub_actions_total',
        help: 'Hub actions sent, by action and final state (replied, failed, timedOut)',
        labelNames: ['action', 'state'] as const,
        registers,
      }),
      malformed: new Counter({
        name: 'console_hub_malformed_messages_total',
        help: 'Messages from hubs or workers that could not be read (presence, reply)',
        labelNames: ['source'] as const,
        registers,
      }),
      recordFailures: new Counter({
        name: 'console_hub_record_failures_total',
        help: 'Transactions, notes or audit events that could not be written after a hub answered',
        labelNames: ['store'] as const,
        registers,
      }),
      gen1Commands: new Counter({
        name: 'console_gen1_commands_total',
        help: 'Gen1 WiFi link commands sent as a user, by final state (replied, failed, timedOut)',
        labelNames: ['state'] as const,
        registers,
      }),
      pings: new Counter({
        name: 'console_gen1_pings_total',
        help: 'WiFi link pings heard: stored, or dropped (unreadable, or the store failed)',
        labelNames: ['outcome'] as const,
        registers,
      }),
    });
  },
  { name: 'hub-metrics', dependencies: ['metrics'] },
);
