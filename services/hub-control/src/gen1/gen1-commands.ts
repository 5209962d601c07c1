import { randomUUID } from 'node:crypto';
import {
  ApiError,
  displayMac,
  GEN1_TEXT,
  type Gen1CommandResult,
  type Gen1DeleteResult,
  macFromSearch,
  nextTransactionId,
  parseWflCommand,
  staffOf,
  wflRuleMessage,
} from '@console/contracts';
import { callerOf, type HandlerContext, publishAuditRecord } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Flight } from '../actions/flight.ts';
import type { WflOutcome } from '../hubs/links.client.ts';
import type { Gen1Link, QueuedEnd } from './gen1.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gen1Commands: Gen1Commands;
  }
}

export type Gen1State = 'replied' | 'failed' | 'timedOut';

/** A WiFi link address as stored (74:0A:BC:12:34:56), from any spelling or the 6 digits shown. */
export function macParam(value: string): string {
  const mac = macFromSearch(value.trim());
  if (!mac) throw new ApiError(400, GEN1_TEXT.badMac);
  return mac;
}

function settle(o: WflOutcome, at: Date): { state: Gen1State; end: QueuedEnd; word: string } {
  if (o.kind === 'reply') {
    const replyDate = new Date(o.reply.at > 0 ? o.reply.at : at.getTime() + o.durationMs);
    const end: QueuedEnd = {
      reply: true,
      replyDate,
      replyString: o.reply.reply,
      latency: o.durationMs,
      // The link acknowledged it (an ERR reply too: it was taken and refused, not left pending).
      ackDate: replyDate,
    };
    return o.reply.ok
      ? { state: 'replied', end, word: `replied ${o.reply.reply}` }
      : { state: 'failed', end, word: `failed: the link replied ${o.reply.reply}` };
  }
  const none: QueuedEnd = { reply: false, replyDate: null, replyString: null, latency: null, ackDate: null };
  if (o.kind === 'timeout')
    return { state: 'timedOut', end: { ...none, replyString: null }, word: 'timed out (outcome unknown)' };
  if (o.kind === 'unreadable')
    return {
      state: 'failed',
      end: { ...none, replyString: 'unreadable reply' },
      word: 'failed: unreadable reply (outcome unknown)',
    };
  return { state: 'failed', end: { ...none, replyString: 'not delivered' }, word: 'failed: not delivered' };
}

/** The link's answer (or its absence) as waterfall stages; `late` when a cancel won first. */
function recordPoke(flight: Flight, o: WflOutcome, sentAt: number, late: boolean): void {
  const at = Math.round(sentAt + o.durationMs);
  const settles = (outcome: 'replied' | 'failed' | 'timedOut') => (late ? { late } : { late, outcome });
  if (o.kind === 'reply')
    void flight.record('response', `reply ${o.reply.reply}`, at, settles(o.reply.ok ? 'replied' : 'failed'));
  else if (o.kind === 'timeout')
    void flight.record('outcome-unknown', 'no reply in time: outcome unknown', at, settles('timedOut'));
  else
    void flight.record(
      'failed',
      o.kind === 'unreachable'
        ? 'not delivered: no worker holds the link'
        : 'unreadable answer (outcome unknown)',
      at,
      settles('failed'),
    );
}

/**
 * The Gen1 command path (seed 000): validate, refuse an offline link, queue the command_queue row
 * (the write-ahead record), send once, settle it as replied, failed or timed out, then an
 * automatic support note naming the staff member and an audit event. Never retried.
 */
export class Gen1Commands {
  private readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async send(
    ctx: HandlerContext,
    req: { userId: number; deviceId: string; command: string },
  ): Promise<Gen1CommandResult> {
    const caller = callerOf(ctx);
    const command = req.command.trim();
    const parsed = parseWflCommand(command);
    if (!parsed.ok) throw new ApiError(400, wflRuleMessage(parsed.reason), { command: parsed.reason });
    const link = await this.resolve(req.userId, req.deviceId);
    const { gen1 } = this.app;
    if (!gen1.isOnline(await gen1.lastPing(link.mac))) throw new ApiError(409, GEN1_TEXT.offline);

    const at = new Date();
    const commandId = await gen1.queue({
      wflId: link.wfl_id,
      mac: link.mac,
      email: caller.email,
      command,
      at,
    });
    // The command waterfall: the gateway's correlation id on the `wfl.<mac>.cmd` request, and the
    // poke's stages (accepted, sent, the link's reply or its absence, the audit record).
    const trace = ctx.trace ?? { correlationId: randomUUID(), acceptedAt: at.getTime() };
    const flight = this.app.waterfall.begin({
      transactionId: nextTransactionId(),
      correlationId: trace.correlationId,
      hubId: null,
      action: `poke ${command}`,
      caller,
    });
    void flight.record('accepted', ctx.trace ? 'accepted by the gateway' : 'accepted', trace.acceptedAt, {
      detail: `command ${commandId} queued for WiFi link ${displayMac(link.mac)}`,
    });
    const sentAt = Date.now();
    void flight.record('sent', 'sent to the WiFi link', sentAt);
    const outcome = await this.app.wflLink.send(link.mac, command, caller, trace.correlationId);
    // A cancel from the panel does not stop the poke (it is one short request): it wins the settle
    // key, and the link's reply is then recorded as late.
    const by = await this.app.waterfall.claim(flight.transactionId);
    recordPoke(flight, outcome, sentAt, by !== null);
    const { state, end, word } = settle(outcome, at);
    this.app.hubMetrics.gen1Commands.labels(state).inc();
    const text = `${caller.name} (${caller.email}) sent "${command}" as user ${req.userId} to WiFi link ${displayMac(link.mac)} (wfl ${link.wfl_id}), command ${commandId}: ${word}`;
    const audited = await this.after(ctx, {
      rows: () => gen1.settle(commandId, end),
      customerIds: [String(req.userId)],
      text,
      audit: {
        kind: 'gen1-command',
        id: `gen1-command-${commandId}`,
        commandId,
        userId: req.userId,
        wflId: link.wfl_id,
        mac: link.mac,
        command,
        state,
        reply: end.replyString,
        correlationId: trace.correlationId,
      },
    });
    // The Gen1 path publishes its audit event without waiting for the stream's ack.
    if (audited) void flight.record('audit', 'audit event published');
    flight.end();
    if (outcome.kind === 'timeout')
      throw new ApiError(504, GEN1_TEXT.timeout, { commandId: String(commandId) });
    if (outcome.kind === 'unreadable')
      throw new ApiError(502, GEN1_TEXT.unreadable, { commandId: String(commandId) });
    if (outcome.kind === 'unreachable')
      throw new ApiError(503, GEN1_TEXT.unreachable, { commandId: String(commandId) });
    return {
      commandId,
      userId: req.userId,
      wflId: link.wfl_id,
      mac: link.mac,
      command,
      state: state === 'replied' ? 'replied' : 'failed',
      ok: state === 'replied',
      reply: end.replyString,
      latencyMs: outcome.durationMs,
      message:
        state === 'replied'
          ? `Sent: the link replied ${end.replyString}.`
          : `The link refused it: ${end.replyString}.`,
    };
  }

  /** Deletes a link's un-executed commands; the typed confirmation was checked by the caller. */
  async deleteUnexecuted(
    ctx: HandlerContext,
    mac: string,
    window: { count: number; lastId: number | null } | null,
  ): Promise<Gen1DeleteResult> {
    const caller = callerOf(ctx);
    const links = await this.app.gen1.linksByMac(mac);
    if (links.length === 0) throw new ApiError(404, GEN1_TEXT.noLink);
    const deleted = await this.app.gen1.deleteUnexecuted(mac, window);
    const scope = window
      ? ` (of the ${window.count} shown${window.lastId ? ` before ${window.lastId}` : ''})`
      : '';
    const text = `${caller.name} (${caller.email}) deleted ${deleted} un-executed command${deleted === 1 ? '' : 's'} of WiFi link ${displayMac(mac)}${scope}`;
    await this.after(ctx, {
      rows: async () => undefined,
      customerIds: [...new Set(links.map((l) => String(l.user_id)))],
      text,
      audit: {
        kind: 'gen1-delete-commands',
        id: `gen1-delete-${ctx.requestId}`,
        mac,
        wflIds: links.map((l) => l.wfl_id),
        deleted,
        window,
      },
    });
    return { mac, deleted, message: `Deleted ${deleted} un-executed command${deleted === 1 ? '' : 's'}.` };
  }

  private async resolve(userId: number, deviceId: string): Promise<Gen1Link> {
    const { gen1 } = this.app;
    const ref = /^[0-9]{1,15}$/.test(deviceId) ? { id: Number(deviceId) } : { mac: macParam(deviceId) };
    if (!(await gen1.userExists(userId))) throw new ApiError(404, GEN1_TEXT.noUser);
    const link = await gen1.userLink(userId, ref);
    if (!link) throw new ApiError(404, GEN1_TEXT.notUsersLink);
    return link;
  }

  /** The link has acted (or may have): a store failing now is logged and counted, never an error. */
  private async after(
    ctx: HandlerContext,
    a: {
      rows: () => Promise<void>;
      customerIds: string[];
      text: string;
      audit: Record<string, unknown> & { kind: string; id: string };
    },
  ): Promise<boolean> {
    const caller = callerOf(ctx);
    const { records, hubMetrics } = this.app;
    const fail = (store: string) => (err: unknown) => {
      hubMetrics.recordFailures.labels(store).inc();
      ctx.log.error({ err, store }, 'could not record the end of a Gen1 command');
    };
    const event = {
      ...a.audit,
      note: a.text,
      staff: staffOf(caller),
      requestId: ctx.requestId,
      at: Date.now(),
    };
    const [, , audited] = await Promise.all([
      a.rows().catch(fail('command_queue')),
      Promise.all(
        a.customerIds.map((id) => records.gen1Note(id, caller, a.text).catch(fail('supportnotes'))),
      ),
      // Sent, not waited for: the stream keeps it once per id; a note that cannot be sent is logged.
      publishAuditRecord(this.app, event, { msgId: a.audit.id, wait: 'sent' }).then(
        () => true,
        (err) => {
          fail('audit')(err);
          return false;
        },
      ),
    ]);
    return audited;
  }
}

export const gen1CommandsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('gen1Commands', new Gen1Commands(app));
  },
  { name: 'gen1-commands', dependencies: ['gen1-store', 'links', 'records', 'hub-metrics'] },
);
