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
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    app.decorate('hubMetrics', {
      actions: counter(
        'console_hub_actions_total',
        'Hub actions sent, by action and final state (replied, failed, timedOut)',
        ['action', 'state'],
      ),
      malformed: counter(
        'console_hub_malformed_messages_total',
        'Messages from hubs or workers that could not be read (presence, reply)',
        ['source'],
      ),
      recordFailures: counter(
        'console_hub_record_failures_total',
        'Transactions, notes or audit events that could not be written after a hub answered',
        ['store'],
      ),
      gen1Commands: counter(
        'console_gen1_commands_total',
        'Gen1 WiFi link commands sent as a user, by final state (replied, failed, timedOut)',
        ['state'],
      ),
      pings: counter(
        'console_gen1_pings_total',
        'WiFi link pings heard: stored, or dropped (unreadable, or the store failed)',
        ['outcome'],
      ),
    });
  },
  { name: 'hub-metrics', dependencies: ['metrics'] },
);
