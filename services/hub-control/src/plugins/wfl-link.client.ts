import { type Caller, type WflCommand, type WflReply, WflReplySchema } from '@console/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Outcome, requestOnce } from './request-once.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wflLink: WflLink;
  }
}

/** How one poke went on the wire. Only `reply` tells what the link did. */
export type WflOutcome = Outcome<WflReply>;

const check = TypeCompiler.Compile(WflReplySchema);

/**
 * Sends one command to one Gen1 WiFi link (`wfl.<mac>.cmd`) as a NATS request, once: a timeout is
 * reported as such (the link may or may not have acted) and never retried.
 */
export class WflLink {
  private readonly app: FastifyInstance;
  private readonly timeoutMs: number;
  constructor(app: FastifyInstance, timeoutMs: number) {
    this.app = app;
    this.timeoutMs = timeoutMs;
  }

  async send(mac: string, command: string, caller: Caller): Promise<WflOutcome> {
    const body: WflCommand = { command, requestedBy: caller.email };
    const outcome = await requestOnce(this.app.nats, this.app.subjects.wflCmd(mac), body, {
      timeoutMs: this.timeoutMs,
      accept: (r): r is WflReply => check.Check(r) && r.mac === mac,
    });
    if (outcome.kind === 'unreadable') this.app.hubMetrics.malformed.labels('wfl-reply').inc();
    // The command queue keeps latency in whole milliseconds.
    return { ...outcome, durationMs: Math.round(outcome.durationMs) };
  }
}

export const wflLinkPlugin = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    app.decorate('wflLink', new WflLink(app, opts.timeoutMs));
  },
  { name: 'wfl-link', dependencies: ['nats', 'hub-metrics'] },
);
