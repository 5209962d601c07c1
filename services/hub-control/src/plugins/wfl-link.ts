import { type Caller, type WflCommand, type WflReply, WflReplySchema } from '@console/contracts';
import { errors } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    wflLink: WflLink;
  }
}

/** How one poke went on the wire. Only `reply` tells what the link did. */
export type WflOutcome =
  | { kind: 'reply'; reply: WflReply; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unreachable'; durationMs: number }
  | { kind: 'unreadable'; durationMs: number };

const check = TypeCompiler.Compile(WflReplySchema);

/**
 * Sends one command to one Gen1 WiFi link (`wfl.<mac>.cmd`) as a NATS request, once: a timeout is
 * reported as such (the link may or may not have acted) and never retried.
 */
export class WflLink {
  constructor(
    private readonly app: FastifyInstance,
    private readonly timeoutMs: number,
  ) {}

  async send(mac: string, command: string, caller: Caller): Promise<WflOutcome> {
    const body: WflCommand = { command, requestedBy: caller.email };
    const t0 = performance.now();
    const elapsed = () => Math.round(performance.now() - t0);
    try {
      const msg = await this.app.nats.request(this.app.subjects.wflCmd(mac), JSON.stringify(body), {
        timeout: this.timeoutMs,
      });
      let reply: unknown;
      try {
        reply = JSON.parse(msg.string());
      } catch {
        reply = null;
      }
      if (!check.Check(reply) || reply.mac !== mac) {
        this.app.hubMetrics.malformed.labels('wfl-reply').inc();
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

export const wflLinkPlugin = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    app.decorate('wflLink', new WflLink(app, opts.timeoutMs));
  },
  { name: 'wfl-link', dependencies: ['nats', 'hub-metrics'] },
);
