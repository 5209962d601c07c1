import { hostname } from 'node:os';
import {
  ApiError,
  allows,
  type Caller,
  type ErrorEnvelope,
  type Operation,
  operationName,
  type ServiceName,
  type ServiceReply,
  type SessionGrant,
} from '@console/contracts';
import { Svcm } from '@nats-io/services';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { HandlersFor } from './handlers.ts';
import { instanceId } from './logger.ts';
import { type ErrorMapping, withErrorMapping } from './service-errors.ts';
import { type Validator, validator } from './validate.ts';

export interface HandlerContext<B = unknown, P = Record<string, unknown>, Q = Record<string, unknown>> {
  caller: Caller | null;
  body: B;
  params: P;
  query: Q;
  ip: string;
  requestId: string;
  log: FastifyBaseLogger;
}

/** A handler's answer when it needs more than data: a status, or a session to open or end. */
export class Reply<T = unknown> {
  constructor(
    readonly data: T,
    readonly extra: { status?: number; session?: SessionGrant; endSession?: boolean } = {},
  ) {}
}

/**
 * A handler as the endpoint path calls it. Services do not write this type: `defineHandlers`
 * types each handler from its operation's schemas.
 */
// biome-ignore lint/suspicious/noExplicitAny: the erased form of handlers typed by defineHandlers; the table is heterogeneous.
export type Handler = (ctx: HandlerContext<any, any, any>) => Promise<unknown>;

export interface ServiceOperations<Ops extends readonly Operation[]> {
  service: ServiceName;
  /** Shown by `nats micro ls`; must be semver. */
  version: string;
  /** The service's rows of the operations table (rows of other services are skipped). */
  operations: Ops;
  /** One handler per operation of this service, made with `defineHandlers`. */
  handlers: HandlersFor<Ops>;
  /** The service's one error mapping (503 when a store is down, plus its own cases). */
  errors: ErrorMapping;
}

/** One endpoint's figures since start, as `$SRV.STATS` data (read by the services view). */
export interface EndpointFigures {
  requests: number;
  errors: number;
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
 * Roles are checked here as well as at the gateway: NATS is reachable by more than the gateway.
 */
export async function registerOperations<const Ops extends readonly Operation[]>(
  app: FastifyInstance,
  opts: ServiceOperations<Ops>,
): Promise<void>;
/** @deprecated the untyped form, until every service has moved to the options form above. */
export async function registerOperations(
  app: FastifyInstance,
  service: ServiceName,
  version: string,
  operations: readonly Operation[],
  handlers: Record<string, Handler>,
): Promise<void>;
export async function registerOperations(
  app: FastifyInstance,
  first: ServiceOperations<readonly Operation[]> | ServiceName,
  ...rest: [string?, (readonly Operation[])?, Record<string, Handler>?]
): Promise<void> {
  const { service, version, operations, handlers } =
    typeof first === 'string'
      ? { service: first, version: rest[0] ?? '', operations: rest[1] ?? [], handlers: rest[2] ?? {} }
      : {
          ...first,
          handlers: withErrorMapping(app, first.handlers as Record<string, Handler>, first.errors),
        };
  const mine = operations.filter((o) => o.service === service);
  const missing = mine.filter((o) => !handlers[o.id]).map((o) => o.id);
  if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);

  // The library times and counts only the synchronous part of a callback handler (and no error
  // answered with respondError), so each endpoint's real figures ride on its `$SRV.STATS` data.
  const figures = new Map<string, EndpointFigures>();
  const svc = await new Svcm(app.nats).add({
    name: service,
    version,
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
    const f: EndpointFigures = { requests: 0, errors: 0, lastError: '', totalMs: 0 };
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
        void answer(app, c, msg.data).then((reply) => {
          f.requests++;
          f.totalMs += performance.now() - started;
          if (!reply.ok) {
            f.errors++;
            f.lastError = `${reply.error.statusCode} ${reply.error.message}`;
          }
          if (reply.ok) msg.respond(encoder.encode(JSON.stringify(reply)));
          else
            msg.respondError(
              reply.error.statusCode,
              reply.error.message,
              encoder.encode(JSON.stringify(reply)),
            );
        });
      },
    });
  }
  app.addHook('onClose', async () => {
    await svc.stop().catch(() => undefined);
  });
}

async function answer(app: FastifyInstance, c: Compiled, raw: Uint8Array): Promise<ServiceReply> {
  const stop = app.metrics.endpointSeconds.startTimer({ operation: c.op.id });
  let requestId = 'unknown';
  try {
    const req = JSON.parse(new TextDecoder().decode(raw)) as {
      requestId?: string;
      caller?: Caller | null;
      ip?: string;
      params?: unknown;
      query?: unknown;
      body?: unknown;
    };
    requestId = typeof req.requestId === 'string' ? req.requestId : requestId;
    const caller = req.caller ?? null;
    if (c.op.access !== 'public') {
      if (!caller) throw new ApiError(401, 'Please sign in.');
      if (!allows(c.op.access, caller.roles)) throw new ApiError(403, 'Your roles do not allow this action.');
    }
    const ctx: HandlerContext = {
      caller,
      ip: typeof req.ip === 'string' ? req.ip : 'unknown',
      requestId,
      params: c.params(req.params ?? {}) as Record<string, unknown>,
      query: c.query(req.query ?? {}) as Record<string, unknown>,
      body: c.body(req.body),
      log: app.log.child({ reqId: requestId, op: c.op.id, user: caller?.userId }),
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
