import { randomUUID } from 'node:crypto';
import {
  ApiError,
  allows,
  CORRELATION_HTTP_HEADER,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  isCorrelationId,
  OPERATIONS,
  type Operation,
  reasonPhrase,
} from '@console/contracts';
import { validator } from '@console/kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_SCHEME } from './docs.ts';
import { BAD_TEXT, badTextAt } from './input-hygiene.ts';

/**
 * One route per row of the operations table. Roles are checked here, before anything reaches
 * NATS, and again by the service; the caller's identity travels with the request.
 */
export async function apiRoutes(app: FastifyInstance) {
  for (const op of OPERATIONS) {
    // The raw channel's operation is reached through /ws only, behind its per-socket and per-user limits.
    if (op.transport === 'ws') continue;
    if (op.internal) continue;
    // The body is checked as sent, before Fastify's validation (which coerces path and query strings
    // and would turn `true` into "true" or ["x"] into "x" in a body too): a body is JSON, its types are meant.
    const checkBody = validator(op.body, 'body');
    app.route({
      method: op.method,
      url: op.path,
      schema: {
        operationId: op.id,
        summary: op.summary,
        description: `Allowed: ${describeAccess(op)}. Served by \`${op.id}\` over NATS.`,
        tags: op.tags,
        // The session cookie on every operation but the public ones, which say so with an empty list.
        security: op.access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
        ...(op.params ? { params: op.params } : {}),
        ...(op.querystring ? { querystring: op.querystring } : {}),
        ...(op.body ? { body: op.body } : {}),
        response: { 200: op.response, '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
      },
      // Who is calling is settled before the body is even parsed: a caller without the role
      // learns nothing about the operation's input.
      onRequest: async (req, reply) => {
        const caller = await app.resolveCaller(req, reply);
        if (caller) req.caller = caller;
        if (op.access === 'public') return;
        if (!caller) return sendError(reply, 401, 'Please sign in.');
        if (!allows(op.access, caller.roles))
          return sendError(reply, 403, 'Your roles do not allow this action.');
      },
      preValidation: async (req, reply) => {
        const bad =
          badTextAt(req.params, 'params') ?? badTextAt(req.query, 'query') ?? badTextAt(req.body, 'body');
        if (bad) return sendError(reply, 400, `${bad} ${BAD_TEXT}`);
        if (!op.body) return;
        try {
          checkBody(req.body);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          return sendEnvelope(reply, err.toEnvelope());
        }
      },
      handler: async (req, reply) => {
        const caller = req.caller ?? null;
        // The command waterfall's correlation id: the console's own when well formed, else fresh.
        const asked = req.headers[CORRELATION_HTTP_HEADER];
        const correlationId = isCorrelationId(asked) ? asked : randomUUID();
        reply.header(CORRELATION_HTTP_HEADER, correlationId);
        const answer = await app.forward(
          op,
          {
            requestId: req.id,
            caller,
            ip: req.ip,
            params: (req.params ?? {}) as Record<string, unknown>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body ?? null,
          },
          { correlationId, acceptedAt: Date.now() },
        );
        if (!answer.ok) {
          if (answer.error.statusCode === 401) app.clearSession(req, reply);
          return sendEnvelope(reply, answer.error);
        }
        if (op.session === 'open' && answer.session) {
          app.openSession(req, reply, answer.session.sessionId, answer.session.userId);
        }
        if (op.session === 'close' || answer.endSession) app.clearSession(req, reply);
        // Sent as a string: the service already shaped the answer, the schema is for the docs.
        return reply
          .code(answer.status ?? 200)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(answer.data));
      },
    });
  }
}

export function describeAccess(op: Operation): string {
  if (op.access === 'public') return 'anyone';
  if (op.access === 'authenticated') return 'any signed-in staff user';
  return ['admin', ...op.access].join(', ');
}

export function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return sendEnvelope(reply, { statusCode, error: reasonPhrase(statusCode), message });
}

function sendEnvelope(reply: FastifyReply, envelope: ErrorEnvelope) {
  return reply
    .code(envelope.statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ ...envelope, requestId: reply.request.id ?? randomUUID() }));
}
