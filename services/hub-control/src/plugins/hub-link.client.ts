import { type Caller, HUB_CLIENT_HEADERS, type HubMessage, HubMessageSchema } from '@console/contracts';
import { headers } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Outcome, requestOnce } from './request-once.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hubLink: HubLink;
  }
}

/** How one command went on the wire. Only `reply` tells what the hub did. */
export type LinkOutcome = Outcome<HubMessage>;

const check = TypeCompiler.Compile(HubMessageSchema);

/**
 * Sends one command envelope to one hub as a NATS request, once: a timeout is reported as such
 * (the hub may or may not have acted) and never retried here or anywhere above.
 */
export class HubLink {
  private readonly app: FastifyInstance;
  private readonly timeoutMs: number;
  constructor(app: FastifyInstance, timeoutMs: number) {
    this.app = app;
    this.timeoutMs = timeoutMs;
  }

  /** `timeoutMs` defaults to HUB_TIMEOUT_MS; the survey gives each hub its own, shorter one. */
  async send(
    hubId: number,
    envelope: HubMessage,
    caller: Caller,
    timeoutMs = this.timeoutMs,
  ): Promise<LinkOutcome> {
    const h = headers();
    h.set(HUB_CLIENT_HEADERS.type, 'admin');
    h.set(HUB_CLIENT_HEADERS.id, caller.userId);
    const outcome = await requestOnce(this.app.nats, this.app.subjects.hubCmd(hubId), envelope, {
      timeoutMs,
      headers: h,
      accept: (r): r is HubMessage => check.Check(r) && r.transactionId === envelope.transactionId,
    });
    if (outcome.kind === 'unreadable') {
      this.app.hubMetrics.malformed.labels('reply').inc();
      this.app.log.warn({ hubId, transactionId: envelope.transactionId }, 'unreadable reply from hub');
    }
    return outcome;
  }
}

export const hubLinkPlugin = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    app.decorate('hubLink', new HubLink(app, opts.timeoutMs));
  },
  { name: 'hub-link', dependencies: ['nats', 'hub-metrics'] },
);
