import { randomUUID } from 'node:crypto';
import {
  ApiError,
  allows,
  type Caller,
  HUB_ACTION_TEXT,
  type HubMessage,
  nextTransactionId,
  offlineMessage,
  RAW_SERVER_OPERATIONS,
  RAW_SERVER_TARGET,
  RAW_TEXT,
  type RawChannelAudit,
  type RawCustomer,
  RawEnvelopeSchema,
  type RawOutcome,
  type RawSendResult,
  rawAccess,
  serverReply,
  staffOf,
} from '@console/contracts';
import { callerOf, type HandlerContext, publishAuditRecord } from '@console/kit';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Flight } from '../actions/flight.ts';
import type { LinkOutcome } from '../hubs/links.client.ts';
import { UserChannel } from './user-channel.ts';

/** The waterfall of the one send that went to a hub (server operations have none). */
interface Sent {
  flight: Flight | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    rawChannel: RawChannel;
  }
}

const envelope = TypeCompiler.Compile(RawEnvelopeSchema);
const ops = RAW_SERVER_OPERATIONS;
const is = (m: HubMessage, o: { class: string; operation: string }) =>
  m.class === o.class && m.operation === o.operation;

/** How one send went, in the raw channel's words: a timeout is "outcome unknown", never retried. */
function fromOutcome(o: LinkOutcome): RawSendResult {
  const durationMs = o.durationMs;
  if (o.kind === 'reply') return { outcome: 'reply', durationMs, message: o.reply };
  if (o.kind === 'timeout') return { outcome: 'timeout', durationMs, error: RAW_TEXT.timeout };
  if (o.kind === 'unreadable')
    return { outcome: 'unreadable', durationMs, error: HUB_ACTION_TEXT.unreadable };
  return {
    outcome: 'unreachable',
    durationMs,
    error: 'No connection worker holds this link right now; the message was not delivered.',
  };
}

/**
 * The raw channel's sends: the role of each message's operation checked again (the gateway did
 * first), a hub message sent once through the same hub link as the hub actions, the server
 * operations answered here, and one audit event per message naming the engineer, the target and
 * the class/operation — refusals included.
 */
export class RawChannel {
  private readonly app: FastifyInstance;
  private readonly users: UserChannel;
  constructor(app: FastifyInstance) {
    this.app = app;
    this.users = new UserChannel(app);
  }

  async send(
    ctx: HandlerContext,
    to: string,
    message: HubMessage,
    customer?: RawCustomer,
  ): Promise<RawSendResult> {
    const caller = callerOf(ctx);
    const t0 = performance.now();
    let result: RawSendResult | null = null;
    let refusal: ApiError | null = null;
    const sent: Sent = { flight: null };
    try {
      if (await this.app.rawServerOps.isBanned(ctx.ip)) throw new ApiError(403, RAW_TEXT.banned);
      if (!allows(rawAccess(to, message.class, message.operation), caller.roles))
        throw new ApiError(403, RAW_TEXT.role);
      if (customer) result = await this.asCustomer(ctx, sent, customer, message);
      else
        result =
          to === RAW_SERVER_TARGET
            ? await this.server(ctx, sent, message)
            : await this.toHub(ctx, sent, Number(to), message);
      return result;
    } catch (err) {
      if (err instanceof ApiError) refusal = err;
      throw err;
    } finally {
      const outcome: RawOutcome = result?.outcome ?? 'refused';
      const durationMs = result?.durationMs ?? Math.round(performance.now() - t0);
      const audited = await this.audit(
        ctx,
        caller,
        to,
        message,
        { outcome, statusCode: refusal?.statusCode ?? null, durationMs },
        customer,
      );
      if (sent.flight) {
        if (audited) void sent.flight.record('audit', 'audit record stored');
        sent.flight.end();
      }
    }
  }

  /** A user channel's message: answered from the customer's records, or sent to the customer's hub. */
  private async asCustomer(
    ctx: HandlerContext,
    sent: Sent,
    customer: RawCustomer,
    m: HubMessage,
  ): Promise<RawSendResult> {
    const route = await this.users.route(customer, m);
    if (route.kind === 'answer') return this.answer(m, route.payload);
    return this.toHub(ctx, sent, route.hubId, m);
  }

  /**
   * A message to a hub, sent once, with its command waterfall (docs/architecture.md "Command
   * waterfall"): the gateway's correlation id on the `hub.<id>.cmd` request, the stages recorded
   * under a transaction id of their own (the page chooses the message's, so two pages may repeat
   * one) and found by the correlation id the raw-reply carries back.
   */
  private async toHub(
    ctx: HandlerContext,
    sent: Sent,
    hubId: number,
    message: HubMessage,
  ): Promise<RawSendResult> {
    if (message.direction !== 'request') throw new ApiError(400, RAW_TEXT.notRequest);
    if (message.class === 'system' && message.operation === 'move') {
      // Move Links: only to a deployment this console knows (its configuration), never a typed host.
      for (const item of message.items) {
        const server = String((item.payload as { server?: unknown } | undefined)?.server ?? '');
        if (!this.app.deployments.some((d) => d.webSocketHost === server))
          throw new ApiError(400, RAW_TEXT.unknownDestination(server));
      }
    }
    await this.app.hubActions.requireOnline(hubId, offlineMessage('a message'));
    const caller = callerOf(ctx);
    const trace = ctx.trace ?? { correlationId: randomUUID(), acceptedAt: Date.now() };
    const transactionId = nextTransactionId();
    const flight = this.app.waterfall.begin({
      transactionId,
      correlationId: trace.correlationId,
      hubId,
      action: `raw ${message.class}.${message.operation}`,
      caller,
    });
    sent.flight = flight;
    void flight.record('accepted', ctx.trace ? 'accepted by the gateway' : 'accepted', trace.acceptedAt, {
      detail: `message transactionId ${message.transactionId}`,
    });
    let over = false;
    flight.watchEvents(this.app, () => over);
    const sentAt = Date.now();
    void flight.record('sent', 'sent to the hub', sentAt);
    const outcome = await this.app.hubLink.send(hubId, message, caller, undefined, trace.correlationId);
    // A cancel from the panel does not stop this send (the page waits for its reply): it wins the
    // settle key, and the reply is then recorded as late.
    const by = await this.app.waterfall.claim(transactionId);
    flight.recordOutcome(outcome, sentAt, by !== null);
    over = outcome.kind !== 'reply' || by !== null;
    return fromOutcome(outcome);
  }

  private async server(ctx: HandlerContext, sent: Sent, m: HubMessage): Promise<RawSendResult> {
    const caller = callerOf(ctx);
    if (is(m, ops.authenticate))
      return this.answer(m, {
        authenticated: true,
        user: caller.name,
        email: caller.email,
        roles: caller.roles,
      });
    if (is(m, ops.channelsList)) {
      const page = this.app.channels.page(0, 5000);
      // "connected of available" (Link Direct): the fleet's hubs, or at least those connected.
      const known = await this.app.mongo
        .collection('hubs')
        .estimatedDocumentCount()
        .catch(() => 0);
      return this.answer(m, {
        channels: page.channels,
        total: page.total,
        available: Math.max(known, page.total),
      });
    }
    if (is(m, ops.channelsGet)) {
      const linkId = Number((m.items[0]?.payload as { linkId?: unknown } | undefined)?.linkId);
      const p = Number.isSafeInteger(linkId) ? await this.app.presence.get(linkId) : null;
      if (!p) throw new ApiError(404, `There is no channel for link ${String(linkId)}.`);
      return this.answer(m, { channel: { handlerId: `link2.${p.hubId}.${p.hubId}`, ...p } });
    }
    if (is(m, ops.firmwareAdd)) return this.firmwareAdd(caller, m);
    if (is(m, ops.linkDirect)) return this.linkDirect(ctx, sent, m);
    const server = this.app.rawServerOps;
    if (is(m, ops.firmwareRelease)) return this.answer(m, await server.firmwareRelease(m, caller.email));
    if (is(m, ops.firmwareRunningState)) return this.answer(m, await server.firmwareRunningState());
    if (is(m, ops.channelsListAll)) return this.answer(m, server.channelsListAll());
    if (is(m, ops.streamObjectsActive)) return this.answer(m, await server.streamObjectsActive());
    if (is(m, ops.cacheState)) return this.answer(m, await server.cacheState());
    if (is(m, ops.stats)) return this.answer(m, await server.stats());
    if (is(m, ops.banHost)) return this.answer(m, await server.banHost(m, caller.email));
    throw new ApiError(404, RAW_TEXT.unknownServerOp(m.class, m.operation));
  }

  /** Link Direct: the inner message goes to the link; the answer carries the link's reply. */
  private async linkDirect(ctx: HandlerContext, sent: Sent, m: HubMessage): Promise<RawSendResult> {
    const payload = m.items[0]?.payload as { linkId?: unknown; message?: unknown } | undefined;
    const linkId = Number(payload?.linkId);
    if (!Number.isSafeInteger(linkId) || linkId <= 0) throw new ApiError(400, 'No selected Link.');
    if (!envelope.Check(payload?.message))
      throw new ApiError(400, 'The Link Direct payload needs a message: a hub message envelope.');
    const result = await this.toHub(ctx, sent, linkId, payload.message);
    if (result.outcome !== 'reply') return result;
    const inner = result.message as HubMessage;
    const success = inner.items.every((i) => i.success !== false && !i.error);
    return { ...this.answer(m, { linkId, reply: inner }, success), durationMs: result.durationMs };
  }

  /**
   * Firmware add (DB): each fragment of an upload is stored as it comes (`firmwarefragments`, one
   * document per fragment of a product code and version), for a release to be assembled from.
   */
  private async firmwareAdd(caller: Caller, m: HubMessage): Promise<RawSendResult> {
    const p = (m.items[0]?.payload ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
    if (
      !text('manufacturerCode') ||
      !/^[0-9]+\.[0-9]+\.[0-9]+$/.test(text('version')) ||
      !text('productCode')
    )
      throw new ApiError(400, RAW_TEXT.firmwareHeader);
    const data = text('fragmentData') || text('data');
    if (!data) throw new ApiError(400, RAW_TEXT.firmwareData);
    const fragmentIndex = Number.isSafeInteger(p.fragmentIndex) ? (p.fragmentIndex as number) : 0;
    const fragmentCount = Number.isSafeInteger(p.fragmentCount) ? (p.fragmentCount as number) : 1;
    await this.app.mongo.collection('firmwarefragments').insertOne({
      productCode: text('productCode'),
      manufacturerCode: text('manufacturerCode'),
      version: text('version'),
      deviceType: text('deviceType') || null,
      versionControlId: text('versionControlId') || null,
      fragmentIndex,
      fragmentCount,
      data,
      by: caller.email,
      createdDate: new Date(),
    });
    return this.answer(m, { stored: true, fragmentIndex, fragmentCount });
  }

  private answer(m: HubMessage, payload: Record<string, unknown>, success = true): RawSendResult {
    return { outcome: 'reply', durationMs: 0, message: serverReply(m, payload, success) };
  }

  private async audit(
    ctx: HandlerContext,
    caller: Caller,
    target: string,
    m: HubMessage,
    how: { outcome: RawOutcome; statusCode: number | null; durationMs: number },
    customer?: RawCustomer,
  ): Promise<boolean> {
    const event: RawChannelAudit = {
      kind: 'raw-channel',
      staff: staffOf(caller),
      target,
      class: m.class,
      operation: m.operation,
      direction: m.direction,
      transactionId: m.transactionId,
      ...how,
      requestId: ctx.requestId,
      host: ctx.ip,
      // What a Ban Host changed is part of its record.
      ...(is(m, ops.banHost) && !customer ? { detail: m.items[0]?.payload ?? {} } : {}),
      ...(customer ? { customer } : {}),
      ...(ctx.trace ? { correlationId: ctx.trace.correlationId } : {}),
      at: Date.now(),
    };
    try {
      await publishAuditRecord(this.app, event, { msgId: `raw-${ctx.requestId}` });
      return true;
    } catch (err) {
      // The message went (or was refused) already; the loss of its audit line is logged loudly.
      this.app.hubMetrics.recordFailures.labels('raw-audit').inc();
      ctx.log.error({ err, event }, 'raw-channel audit event not stored');
      return false;
    }
  }
}

export const rawChannelPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('rawChannel', new RawChannel(app));
  },
  {
    name: 'raw-channel',
    dependencies: ['hub-actions', 'links', 'channels', 'hub-metrics', 'mongo', 'waterfall'],
  },
);
