import {
  type Caller,
  CORRELATION_HEADERS,
  HUB_CLIENT_HEADERS,
  type HubMessage,
  HubMessageSchema,
  type WflCommand,
  type WflReply,
  WflReplySchema,
} from '@console/contracts';
import { type Outcome, requestOnce } from '@console/kit';
import { headers } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    hubLink: {
      /** `timeoutMs` defaults to HUB_TIMEOUT_MS; the survey gives each hub its own, shorter one. */
      /** `correlationId`: the command waterfall's id, sent as a header the hub answers with. */
      send: (
        hubId: number,
        envelope: HubMessage,
        caller: Caller,
        timeoutMs?: number,
        correlationId?: string,
      ) => Promise<LinkOutcome>;
    };
    /** `correlationId`: the command waterfall's id, a header the simulated link answers with. */
    wflLink: {
      send: (mac: string, command: string, caller: Caller, correlationId?: string) => Promise<WflOutcome>;
    };
  }
}

/** How one command went on the wire. Only `reply` tells what the hub did. */
export type LinkOutcome = Outcome<HubMessage>;
/** How one poke went on the wire. Only `reply` tells what the link did. */
export type WflOutcome = Outcome<WflReply>;

const checkHubReply = TypeCompiler.Compile(HubMessageSchema);
const checkWflReply = TypeCompiler.Compile(WflReplySchema);

/**
 * The two device links, each sending one command as a NATS request, once: a timeout is reported as
 * such (the device may or may not have acted) and never retried here or anywhere above.
 * `hubLink` sends a command envelope to a Gen2 hub (`hub.<id>.cmd`); `wflLink` a command string
 * to a Gen1 WiFi link (`wfl.<mac>.cmd`).
 */
export const linksPlugin = fp(
  async (app: FastifyInstance, opts: { hubTimeoutMs: number; wflTimeoutMs: number }) => {
    app.decorate('hubLink', {
      async send(
        hubId: number,
        envelope: HubMessage,
        caller: Caller,
        timeoutMs = opts.hubTimeoutMs,
        correlationId?: string,
      ): Promise<LinkOutcome> {
        const h = headers();
        h.set(HUB_CLIENT_HEADERS.type, 'admin');
        h.set(HUB_CLIENT_HEADERS.id, caller.userId);
        if (correlationId) h.set(CORRELATION_HEADERS.id, correlationId);
        const outcome = await requestOnce(app.nats, app.subjects.hubCmd(hubId), envelope, {
          timeoutMs,
          headers: h,
          accept: (r): r is HubMessage =>
            checkHubReply.Check(r) && r.transactionId === envelope.transactionId,
        });
        if (outcome.kind === 'unreadable') {
          app.hubMetrics.malformed.labels('reply').inc();
          app.log.warn({ hubId, transactionId: envelope.transactionId }, 'unreadable reply from hub');
        }
        return outcome;
      },
    });
    app.decorate('wflLink', {
      async send(mac: string, command: string, caller: Caller, correlationId?: string): Promise<WflOutcome> {
        const body: WflCommand = { command, requestedBy: caller.email };
        const h = correlationId ? headers() : undefined;
        if (h && correlationId) h.set(CORRELATION_HEADERS.id, correlationId);
        const outcome = await requestOnce(app.nats, app.subjects.wflCmd(mac), body, {
          timeoutMs: opts.wflTimeoutMs,
          ...(h ? { headers: h } : {}),
          accept: (r): r is WflReply => checkWflReply.Check(r) && r.mac === mac,
        });
        if (outcome.kind === 'unreadable') app.hubMetrics.malformed.labels('wfl-reply').inc();
        // The command queue keeps latency in whole milliseconds.
        return { ...outcome, durationMs: Math.round(outcome.durationMs) };
      },
    });
  },
  { name: 'links', dependencies: ['nats', 'hub-metrics'] },
);
