import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { readConfig } from '../config.ts';
import { createServer } from '../server.ts';
import { infraEnv, uniqueName } from './infra.ts';

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

/**
 * A service's config for a test: the infrastructure's URLs, the test's own NATS and Redis prefix,
 * silent logs, then the test's own settings.
 */
export function testConfig<T extends TObject>(
  schema: T,
  prefix: string,
  settings: Record<string, string | undefined> = {},
): Static<T> {
  return readConfig(schema, {
    ...infraEnv(),
    NATS_PREFIX: prefix,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...settings,
  });
}
