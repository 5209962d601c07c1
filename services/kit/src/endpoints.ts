import { hostname } from 'node:os';
import {
  ApiError,
  allows,
  CORRELATION_HEADERS,
  type ErrorEnvelope,
  isCorrelationId,
  type Operation,
  operationName,
  type ServiceName,
  type ServiceReply,
  VERSION_LABEL,
} from '@console/contracts';
import type { MsgHdrs } from '@nats-io/nats-core';
import { type ServiceMsg, Svcm } from '@nats-io/services';
import type { FastifyInstance } from 'fastify';
import { assertionKey, verifyAssertion } from './caller-assertion.ts';
import { type Handler, type HandlerContext, Reply } from './handler-context.ts';
import type { HandlersFor } from './handlers.ts';
import { instanceId } from './logger.ts';
import { type ErrorMapping, withErrorMapping } from './service-errors.ts';
import { type Validator, validator } from './validate.ts';

/**
 * The version a service registers with `@nats-io/services`: the console's release with the
 * service named as semver build metadata (`0.0.7+auth`). The NATS CLI's `micro ls` leaves a
 * Version cell blank when it equals the row above (meant to group instances of one service);
 * with every service on the same release only the first row showed one. Build metadata does not
 * change the version's precedence, and instances of one service still group.
 */
export function serviceVersion(service: string): string {
  return `${VERSION_LABEL}+${service.replace(/[^0-9A-Za-z-]/g, '-')}`;
}

export interface ServiceOperations<Ops extends readonly Operation[]> {
  service: ServiceName;
  /** The service's rows of the operations table (rows of other services are skipped). */
  operations: Ops;
  /** One handler per operation of this service, made with `defineHandlers`. */
  handlers: HandlersFor<Ops>;
  /** The service's one error mapping (503 when a store is down, plus its own cases). */
  errors: ErrorMapping;
  /** The caller-assertion key (config `CALLER_ASSERTION_KEY`); else the environment's. */
  assertionKey?: string;
}

/**
 * One endpoint's figures since start, as `$SRV.STATS` data (read by the services view): `errors`
 * are the service's own failures (5xx), `refused` the requests it turned away (4xx: bad input,
 * roles, not found), which say nothing about the service's health.
 */
export interface EndpointFigures {
  requests: number;
  errors: number;
  refused: number;
  lastError: string;
  totalMs: number;
}

interface Compiled {
  op: Operation;
  handler: Handler;
  params: Validator;
  query: Validator;
  body: Validator;
}

const encoder = new TextEncoder();

/**
 * Registers the service's operations as NATS service endpoints (`$SRV` discovery, stats),
 * in a queue group named after the service so that instances share the load.
 * Every request must carry the gateway's caller assertion (`caller-assertion.ts`), verified before
 * anything else; roles are then checked here as well as at the gateway.
 */
export async function registerOperations<Ops extends readonly Operation[]>(
  app: FastifyInstance,
  opts: ServiceOperations<Ops>,
): Promise<void> {
  const { service, operations } = opts;
  const handlers = withErrorMapping(app, opts.handlers as Record<string, Handler>, opts.errors);
  const mine = operations.filter((o) => o.service === service);
  const missing = mine.filter((o) => !handlers[o.id]).map((o) => o.id);
  if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);

  // Read once: a service without the key refuses every request (fail closed) and says so now.
  const key = assertionKey(opts.assertionKey ?? '');
  if (!key) app.log.error('CALLER_ASSERTION_KEY is not set: every request will be refused');

  // The library times and counts only the synchronous part of a callback handler (and no error
  // answered with respondError), so each endpoint's real figures ride on its `$SRV.STATS` data.
  const figures = new Map<string, EndpointFigures>();
  const svc = await new Svcm(app.nats).add({
    name: service,
    version: serviceVersion(service),
    description: `console ${service} service`,
    queue: service,
    statsHandler: async (endpoint) => figures.get(endpoint.subject) ?? null,
    // instance and host let the services view tell the instances apart.
    metadata: {
      prefix: app.subjects.prefix,
      instance: instanceId(process.env.INSTANCE_ID ?? ''),
      host: hostname(),
    },
  });

  for (const op of mine) {
    const c: Compiled = {
      op,
      handler: handlers[op.id] as Handler,
      params: validator(op.params, 'params'),
      query: validator(op.querystring, 'query'),
      body: validator(op.body, 'body'),
    };
    const f: EndpointFigures = { requests: 0, errors: 0, refused: 0, lastError: '', totalMs: 0 };
    figures.set(app.subjects.api(service, operationName(op)), f);
    svc.addEndpoint(operationName(op), {
      subject: app.subjects.api(service, operationName(op)),
      metadata: { method: op.method, path: op.path, access: JSON.stringify(op.access) },
      handler: (err, msg) => {
        if (err) {
          app.log.error({ err }, 'endpoint subscription failed');
          return;
        }
        const started = performance.now();
        void answer(app, c, key, msg.data, traceOf(msg.headers)).then((reply) => {
          f.requests++;
          f.totalMs += performance.now() - started;
          if (!reply.ok && reply.error.statusCode < 500) f.refused++;
          else if (!reply.ok) {
            f.errors++;
            f.lastError = `${reply.error.statusCode} ${reply.error.message}`;
          }
          sendReply(app, c.op.id, msg, reply);
        });
      },
    });
  }
  // The server has every endpoint's subscription before the service counts as started: a request
  // from another connection right after start must not meet "no responders".
  await app.nats.flush();
  app.addHook('onClose', async () => {
    await svc.stop().catch(() => undefined);
  });
}

/**
 * Sends a reply. An answer larger than the broker's max_payload cannot be published: nats-core
 * throws, and left unhandled that ended the whole process (every later call answered 503). Such
 * an answer goes back as a 500 that says so, and the log names the operation to bound.
 */
function sendReply(app: FastifyInstance, id: string, msg: ServiceMsg, reply: ServiceReply): void {
  let payload = encoder.encode(JSON.stringify(reply));
  let out = reply;
  const max = app.nats.info?.max_payload ?? Number.POSITIVE_INFINITY;
  if (reply.ok && payload.length > max) {
    app.log.error({ op: id, bytes: payload.length, max }, 'answer larger than the broker carries');
    out = {
      ok: false,
      error: new ApiError(
        500,
        `The answer is too large to send (${mb(payload.length)} MB; at most ${mb(max)} MB). Ask for less, e.g. a shorter range.`,
      ).toEnvelope(),
    };
    payload = encoder.encode(JSON.stringify(out));
  }
  try {
    if (out.ok) msg.respond(payload);
    else msg.respondError(out.error.statusCode, out.error.message, payload);
  } catch (err) {
    // The connection closing under a reply: the caller times out and says the outcome is unknown.
    app.log.error({ err, op: id }, 'reply not sent');
  }
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The command waterfall's headers as the gateway set them (none on a request from elsewhere). */
function traceOf(h: MsgHdrs | undefined): HandlerContext['trace'] {
  const correlationId = h?.get(CORRELATION_HEADERS.id) ?? '';
  if (!isCorrelationId(correlationId)) return undefined;
  const acceptedAt = Number(h?.get(CORRELATION_HEADERS.acceptedAt));
  return {
    correlationId,
    acceptedAt: Number.isFinite(acceptedAt) && acceptedAt > 0 ? acceptedAt : Date.now(),
  };
}

async function answer(
  app: FastifyInstance,
  c: Compiled,
  key: Buffer | null,
  raw: Uint8Array,
  trace: HandlerContext['trace'],
): Promise<ServiceReply> {
  const stop = app.metrics.endpointSeconds.startTimer({ operation: c.op.id });
  let requestId = 'unknown';
  try {
    const req = JSON.parse(new TextDecoder().decode(raw)) as {
      requestId?: string;
      assertion?: unknown;
      params?: unknown;
      query?: unknown;
      body?: unknown;
    };
    requestId = typeof req.requestId === 'string' ? req.requestId : requestId;
    // Who is calling, and from where, is what the gateway signed — never the message's own fields.
    const asserted = verifyAssertion(key, req.assertion, {
      aud: c.op.service,
      op: operationName(c.op),
      rid: requestId,
    });
    const caller = asserted.caller;
    if (c.op.access !== 'public') {
      if (!caller) throw new ApiError(401, 'Please sign in.');
      if (!allows(c.op.access, caller.roles)) throw new ApiError(403, 'Your roles do not allow this action.');
    }
    // The request's child logger is made when a handler first logs (most never do): a pino child
    // per request was ~1 % of hub-control's CPU per action.
    let log: HandlerContext['log'] | undefined;
    const ctx: HandlerContext = {
      caller,
      ip: asserted.ip,
      requestId,
      params: c.params(req.params ?? {}) as Record<string, unknown>,
      query: c.query(req.query ?? {}) as Record<string, unknown>,
      body: c.body(req.body),
      get log() {
        log ??= app.log.child({ reqId: requestId, op: c.op.id, user: caller?.userId });
        return log;
      },
      ...(trace ? { trace } : {}),
    };
    const result = await c.handler(ctx);
    stop({ outcome: 'ok' });
    if (result instanceof Reply) return { ok: true, data: result.data, ...result.extra };
    return { ok: true, data: result ?? null };
  } catch (err) {
    if (err instanceof ApiError) {
      stop({ outcome: String(err.statusCode) });
      return { ok: false, error: err.toEnvelope() };
    }
    stop({ outcome: 'error' });
    app.log.error({ err, reqId: requestId, op: c.op.id }, 'unexpected failure');
    const error: ErrorEnvelope = {
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Something went wrong on our side (request ${requestId}).`,
    };
    return { ok: false, error };
  }
}
