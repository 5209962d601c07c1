import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createServer } from '../server.ts';
import { uniqueName } from './infra.ts';

/**
 * A service's app plugin on the kit's server, ready and not listening, as a service test drives
 * it (over NATS, or `inject` for HTTP). Silent unless a log level is asked for.
 */
export async function startApp<O>(
  appPlugin: FastifyPluginAsync<O & Record<never, never>>,
  opts: { service: string; options: O; instance?: string; logLevel?: string },
): Promise<FastifyInstance> {
  const app = await createServer({
    service: opts.service,
    logLevel: opts.logLevel ?? 'silent',
    instance: opts.instance ?? uniqueName(opts.service),
  });
  await app.register(appPlugin, opts.options as O & Record<never, never>);
  await app.ready();
  return app;
}
