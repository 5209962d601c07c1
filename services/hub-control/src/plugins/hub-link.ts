import { type Caller, HUB_CLIENT_HEADERS, type HubMessage, HubMessageSchema } from '@console/contracts';
import { errors, headers } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    hubLink: HubLink;
  }
}

/** How one command went on the wire. Only `reply` tells what the hub did. */
export type LinkOutcome =
  | { kind: 'reply'; reply: HubMessage; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unreachable'; durationMs: number }
  | { kind: 'unreadable'; durationMs: number };

const check = TypeCompiler.Compile(HubMessageSchema);

/**
 * Sends one command envelope to one hub as a NATS request, once: a timeout is reported as such
 * (the hub may or may not have acted) and never retried here or anywhere above.
 */
export class HubLink {
  constructor(
    private readonly app: FastifyInstance,
    private readonly timeoutMs: number,
  ) {}

  async send(hubId: number, envelope: HubMessage, caller: Caller): Promise<LinkOutcome> {
    const h = headers();
    h.set(HUB_CLIENT_HEADERS.type, 'admin');
    h.set(HUB_CLIENT_HEADERS.id, caller.userId);
    const t0 = performance.now();
    const elapsed = () => Math.round((performance.now() - t0) * 10) / 10;
    try {
      const msg = await this.app.nats.request(this.app.subjects.hubCmd(hubId), JSON.stringify(envelope), {
        timeout: this.timeoutMs,
        headers: h,
      });
      let reply: unknown;
      try {
        reply = JSON.parse(msg.string());
      } catch {
        reply = null;
      }
      if (!check.Check(reply) || reply.transactionId !== envelope.transactionId) {
        this.app.hubMetrics.malformed.labels('reply').inc();
        this.app.log.warn({ hubId, transactionId: envelope.transactionId }, 'unreadable reply from hub');
        return { kind: 'unreadable', durationMs: elapsed() };
      }
      return { kind: 'reply', reply, durationMs: elapsed() };
    } catch (err) {
      if (err instanceof errors.TimeoutError) return { kind: 'timeout', durationMs: elapsed() };
      if (err instanceof errors.NoRespondersError) return { kind: 'unreachable', durationMs: elapsed() };
      if (err instanceof errors.RequestError && err.isNoResponders())
        return { kind: 'unreachable', durationMs: elapsed() };
      throw err;
    }
  }
}

export const hubLinkPlugin = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    app.decorate('hubLink', new HubLink(app, opts.timeoutMs));
  },
  { name: 'hub-link', dependencies: ['nats', 'hub-metrics'] },
);
