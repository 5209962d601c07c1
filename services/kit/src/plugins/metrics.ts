import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { registry: Registry; endpointSeconds: Histogram<'operation' | 'outcome'> };
  }
}

/** Prometheus `/metrics` with process metrics and the duration of every NATS endpoint call. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { service: string; instance: string }) => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: opts.service, instance: opts.instance });
    collectDefaultMetrics({ register: registry });
    const endpointSeconds = new Histogram({
      name: 'console_endpoint_seconds',
      help: 'Time spent answering one NATS endpoint request',
      labelNames: ['operation', 'outcome'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', { registry, endpointSeconds });
    app.get('/metrics', async (_req, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
