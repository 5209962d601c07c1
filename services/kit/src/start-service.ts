import { flushCompileCache } from 'node:module';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { CommonConfig } from './config.ts';
import { instanceId } from './logger.ts';
import { createServer, runServer } from './server.ts';

export interface StartServiceOptions<O extends FastifyPluginOptions> {
  /** The service's name, as in logs, metrics and `nats micro ls`. */
  service: string;
  config: Pick<CommonConfig, 'HOST' | 'PORT' | 'LOG_LEVEL' | 'INSTANCE_ID'>;
  /** The app plugin's options; a function is given the instance id (INSTANCE_ID, else host-pid). */
  options: O | ((instance: string) => O);
  bodyLimit?: number;
  trustProxy?: boolean;
}

/**
 * A service's whole `server.ts`: the kit's server (logs, health, metrics), the service's app
 * plugin registered on it, then listening with a graceful close on SIGINT/SIGTERM. A plugin that
 * cannot start (most often a store that is not up yet) is logged as fatal and the process exits 1,
 * so the supervisor restarts it.
 */
export async function startService<O extends FastifyPluginOptions>(
  appPlugin: FastifyPluginAsync<O>,
  opts: StartServiceOptions<O>,
): Promise<FastifyInstance> {
  const instance = instanceId(opts.config.INSTANCE_ID);
  const app = await createServer({
    service: opts.service,
    logLevel: opts.config.LOG_LEVEL,
    instance,
    bodyLimit: opts.bodyLimit,
    trustProxy: opts.trustProxy,
  });
  const options =
    typeof opts.options === 'function' ? (opts.options as (i: string) => O)(instance) : opts.options;
  try {
    await app.register(appPlugin, options);
  } catch (err) {
    app.log.fatal({ err }, `${opts.service} could not start`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  await runServer(app, opts.config.HOST, opts.config.PORT);
  return app;
}

/**
 * WARM_COMPILE_CACHE=1 (with NODE_COMPILE_CACHE set): called at the top of a `server.ts` once its
 * imports are loaded, writes Node's compile cache and exits. A process started later with the same
 * cache never loads Node's TypeScript stripper (about 20 MB of memory): infra/Dockerfile does this
 * at build time, the fan-out bench before it starts a service.
 */
export function exitIfWarmingCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  if (env.WARM_COMPILE_CACHE !== '1') return;
  flushCompileCache();
  process.exit(0);
}
