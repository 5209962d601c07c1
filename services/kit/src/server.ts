import Fastify, { type FastifyInstance } from 'fastify';
import { lazySchemaCompilers } from './lazy-schemas.ts';
import { genReqId, instanceId, loggerOptions } from './logger.ts';
import { healthPlugin } from './plugins/health.ts';
import { metricsPlugin } from './plugins/metrics.ts';

export interface ServerOptions {
  service: string;
  logLevel: string;
  instance: string;
  bodyLimit?: number;
  trustProxy?: boolean;
}

/** A Fastify instance with the kit's logging, request ids, health and metrics. */
export async function createServer(opts: ServerOptions): Promise<FastifyInstance> {
  const instance = instanceId(opts.instance);
  const app = Fastify({
    logger: loggerOptions(opts.service, opts.logLevel, instance),
    genReqId,
    requestIdHeader: false,
    bodyLimit: opts.bodyLimit ?? 256 * 1024,
    trustProxy: opts.trustProxy ?? false,
    // A start on a busy host (argon2 warm-up, index creation on FerretDB) can pass Fastify's
    // default 10 s per plugin; seen failing whole test stacks at load 25 on 2 cores.
    pluginTimeout: 60_000,
    // Reject unknown fields instead of silently dropping them; coerce only path/query strings.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Each route's validators and serializer built on its first request (`lazy-schemas.ts`).
    schemaController: lazySchemaCompilers(),
  });
  await app.register(healthPlugin);
  await app.register(metricsPlugin, { service: opts.service, instance });
  return app;
}

/** Listens, and closes gracefully (drain NATS, close pools) on SIGINT/SIGTERM. */
export async function runServer(app: FastifyInstance, host: string, port: number): Promise<void> {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  try {
    await app.listen({ host, port });
  } catch (err) {
    app.log.fatal({ err }, 'cannot listen');
    process.exit(1);
  }
}
