import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';

export function instanceId(configured: string): string {
  return configured || `${hostname()}-${process.pid}`;
}

/** pino options shared by every service: who logged, and secrets never written. */
export function loggerOptions(
  service: string,
  level: string,
  instance: string,
): FastifyServerOptions['logger'] {
  return {
    level,
    base: { service, instance },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        'body.password',
      ],
      censor: '[redacted]',
    },
  };
}

/** Keeps an incoming request id (from the gateway or a proxy) so one id follows a request across services. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given)) return given;
  return randomUUID();
}
