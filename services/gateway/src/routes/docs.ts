import { SESSION_COOKIE, VERSION_LABEL } from '@console/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI security scheme of the session cookie, applied per operation by the API routes. */
export const SESSION_SCHEME = 'session';

/** OpenAPI generated from the routes the operations table made; Swagger UI at /api/docs, for signed-in staff. */
// Not encapsulated: swagger's onRoute hook must see the API routes registered beside it.
export const docsRoutes = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Smart-home staff console API',
          version: VERSION_LABEL,
          description:
            'Every operation of the console. Each lists the roles allowed; the gateway enforces them before ' +
            'forwarding the call over NATS, and the service enforces them again. Sessions travel in an HttpOnly cookie.',
        },
        // The console's own origin: the document is served by the gateway that serves the API.
        servers: [{ url: '/', description: 'The gateway serving this document' }],
        components: {
          securitySchemes: { [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
        },
      },
    });
    // Staff documentation, not a map for strangers: signed-in users only.
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/docs')) return;
      if (!(await app.resolveCaller(req, reply)))
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' });
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
