import { existsSync } from 'node:fs';
import { join } from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './api.ts';

/**
 * Serves the built console. Any other GET that is not an API path gets index.html, so the
 * client router can show the screen (deep links and reloads work).
 */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }) {
  const hasBuild = existsSync(join(opts.dist, 'index.html'));
  if (hasBuild) {
    await app.register(staticFiles, { root: opts.dist, wildcard: false, index: false, maxAge: '1h' });
  } else {
    app.log.warn({ dist: opts.dist }, 'no built console found: run `pnpm --filter @console/web build`');
  }
  app.setNotFoundHandler((req, reply) => {
    const apiPath = /^\/(api|auth|ws)(\/|$)/.test(req.url);
    if (req.method !== 'GET' || apiPath || !hasBuild)
      return sendError(reply, 404, `Nothing at ${req.method} ${req.url.split('?')[0]}.`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
