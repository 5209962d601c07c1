import { ApiError, type Caller, type SessionGrant } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** What a handler is given: the caller, the validated input, and a logger carrying the request id. */
export interface HandlerContext<B = unknown, P = Record<string, unknown>, Q = Record<string, unknown>> {
  caller: Caller | null;
  body: B;
  params: P;
  query: Q;
  ip: string;
  requestId: string;
  log: FastifyBaseLogger;
  /** The command waterfall: the gateway's correlation id and when it accepted the call (headers). */
  trace?: { correlationId: string; acceptedAt: number };
}

/** A handler's answer when it needs more than data: a status, or a session to open or end. */
export class Reply<T = unknown> {
  readonly data: T;
  readonly extra: { status?: number; session?: SessionGrant; endSession?: boolean };
  constructor(data: T, extra: { status?: number; session?: SessionGrant; endSession?: boolean } = {}) {
    this.data = data;
    this.extra = extra;
  }
}

/**
 * A 202 "not complete yet, ask again": its body is the operation's pending notice, not its
 * response, so `defineHandlers` accepts it beside the response type.
 */
export class Pending<T = unknown> extends Reply<T> {
  readonly pending = true;
  constructor(data: T) {
    super(data, { status: 202 });
  }
}

/**
 * The signed-in caller. The endpoint path already refuses non-public operations without one;
 * this keeps handlers honest if an operation's access is ever loosened in the table.
 */
export function callerOf(ctx: Pick<HandlerContext, 'caller'>): Caller {
  if (!ctx.caller) throw new ApiError(401, 'Please sign in.');
  return ctx.caller;
}

/**
 * A handler as the endpoint path calls it. Services do not write this type: `defineHandlers`
 * types each handler from its operation's schemas.
 */
// biome-ignore lint/suspicious/noExplicitAny: the erased form of handlers typed by defineHandlers; the table is heterogeneous.
export type Handler = (ctx: HandlerContext<any, any, any>) => Promise<unknown>;
