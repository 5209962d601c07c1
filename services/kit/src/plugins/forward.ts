import {
  type Caller,
  CORRELATION_HEADERS,
  type ErrorEnvelope,
  type Operation,
  operationName,
  reasonPhrase,
  type ServiceReply,
  type ServiceRequest,
} from '@console/contracts';
import { errors, headers } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertionKey, signAssertion } from '../caller-assertion.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends one API call to the service that serves it and maps every failure to an error envelope. */
    forward(
      op: Operation,
      request: Omit<ServiceRequest, 'caller'> & { caller: Caller | null },
      /** The command waterfall's correlation id and when the gateway accepted the call (NATS headers). */
      trace?: { correlationId: string; acceptedAt: number },
    ): Promise<ServiceReply>;
    /**
     * Calls that no instance answered in time, by operation id (the services view counts them as
     * the endpoint's errors: the service never saw them fail, the person did).
     */
    forwardTimeouts: Map<string, number>;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Forwards API calls over NATS, each with a caller assertion signed for its service and operation
 * (`caller-assertion.ts`): services believe nothing else about who is calling. The gateway forwards
 * every API call with it; the fan-out its hub checks and raw-channel sends.
 */
export const forwardPlugin = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number; assertionKey: string }) => {
    const key = assertionKey(opts.assertionKey);
    if (!key) throw new Error('CALLER_ASSERTION_KEY must be set (the same key as every service has)');
    const link = brokerLink(app);
    const timeouts = new Map<string, number>();
    app.decorate('forwardTimeouts', timeouts);
    app.decorate(
      'forward',
      async (
        op: Operation,
        request: ServiceRequest,
        trace?: { correlationId: string; acceptedAt: number },
      ): Promise<ServiceReply> => {
        // While the broker is away (or holds the link open and answers nothing) the client would
        // buffer the request and answer 504 after the whole timeout: say so at once instead, and
        // let the caller retry.
        if (app.broker.state === 'stalled') return fail(503, BROKER_STALLED);
        if (!app.broker.up) return fail(503, BROKER_AWAY);
        const name = operationName(op);
        const subject = app.subjects.api(op.service, name);
        const assertion = signAssertion(key, {
          aud: op.service,
          op: name,
          rid: request.requestId,
          caller: request.caller,
          ip: request.ip,
        });
        const watch = link.watch();
        const h = trace ? headers() : undefined;
        if (h && trace) {
          h.set(CORRELATION_HEADERS.id, trace.correlationId);
          h.set(CORRELATION_HEADERS.acceptedAt, String(trace.acceptedAt));
        }
        try {
          const msg = await Promise.race([
            app.nats.request(subject, encoder.encode(JSON.stringify({ ...request, assertion })), {
              timeout: opts.timeoutMs,
              ...(h ? { headers: h } : {}),
            }),
            watch.lost,
          ]);
          if (msg === 'lost') return fail(503, BROKER_LOST);
          if (msg === 'stalled') return fail(503, BROKER_STOPPED_ANSWERING);
          return parse(msg.data, op);
        } catch (err) {
          if (err instanceof errors.NoRespondersError) {
            return fail(503, `The ${op.service} service is not running right now; please try again shortly.`);
          }
          if (err instanceof errors.TimeoutError) {
            timeouts.set(op.id, (timeouts.get(op.id) ?? 0) + 1);
            return fail(504, `The ${op.service} service did not answer in time; the outcome is unknown.`);
          }
          if (err instanceof errors.RequestError && err.isNoResponders()) {
            return fail(503, `The ${op.service} service is not running right now; please try again shortly.`);
          }
          app.log.error({ err, op: op.id, reqId: request.requestId }, 'forward failed');
          return fail(502, 'The message broker could not deliver this request; please try again.');
        } finally {
          watch.done();
        }
      },
    );
  },
  { name: 'forward', dependencies: ['nats'] },
);

const BROKER_AWAY =
  'The message broker cannot be reached right now; nothing was sent. Please try again shortly.';
const BROKER_LOST =
  'The connection to the message broker was lost while waiting for the answer; the outcome is unknown.';
const BROKER_STALLED = 'The message broker is not answering; nothing was sent. Please try again shortly.';
const BROKER_STOPPED_ANSWERING =
  'The message broker is not answering; the outcome of this request is unknown. Please check before trying again.';

/**
 * The requests waiting on the broker: when it goes away (link dropped, or stalled: the kit's
 * `app.broker`), each is answered at once (one small promise per request, gone when it settles).
 */
function brokerLink(app: FastifyInstance) {
  const waiting = new Set<(why: 'lost' | 'stalled') => void>();
  app.broker.onChange((state) => {
    if (state === 'up') return;
    const why = state === 'stalled' ? 'stalled' : 'lost';
    for (const f of waiting) f(why);
    waiting.clear();
  });
  return {
    /** Settles with why the broker went away, if it does before `done` is called. */
    watch() {
      let done: () => void = () => undefined;
      const lost = new Promise<'lost' | 'stalled'>((r) => {
        waiting.add(r);
        done = () => void waiting.delete(r);
      });
      return { lost, done };
    },
  };
}

function parse(data: Uint8Array, op: Operation): ServiceReply {
  try {
    const reply = JSON.parse(decoder.decode(data)) as ServiceReply;
    if (reply && typeof reply === 'object' && typeof reply.ok === 'boolean') return reply;
  } catch {
    // fall through: a service answered something that is not our envelope
  }
  return fail(502, `The ${op.service} service gave an answer the gateway could not read.`);
}

function fail(statusCode: number, message: string): ServiceReply {
  const error: ErrorEnvelope = { statusCode, error: reasonPhrase(statusCode), message };
  return { ok: false, error };
}
