import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type Caller,
  HUB_ACTION_TEXT,
  type HubActionResult,
  type HubCommandName,
  type HubCommandRequest,
  type HubMessage,
  type HubPresence,
  hubRequest,
  nextTransactionId,
  type TransactionState,
} from '@console/contracts';
import type { HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LinkOutcome } from '../hubs/links.client.ts';
import { waitLeft } from '../records/audit-trail.ts';
import type { Opened } from '../records/records.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hubActions: HubActions;
  }
}

export interface ActionSpec<N extends HubCommandName> {
  opId: string;
  /** What a person calls it, for the note and the audit: Restart, Sync Link, Backup… */
  action: string;
  hubId: number;
  command: N;
  payloads: HubCommandRequest<N>[];
  /** The refusal when the link is offline. */
  offline: string;
  /**
   * What was asked of the hub before the action itself (the firmware update's releases look-up):
   * recorded as stages between "accepted" and the action's own "sent".
   */
  before?: { kind: 'sent' | 'response' | 'failed'; label: string; at: number }[];
  /** When the request began, if work came before `run` (the look-up): the budget counts from it. */
  startedAt?: number;
  /**
   * What a reply from the hub also updates (the hub card's cache): run while the end is made
   * durable, both done before the answer goes back; never for a cancelled action. A failure is
   * logged, not answered (the action itself has run).
   */
  alongside?: (reply: HubMessage, success: boolean) => Promise<void>;
}

interface End {
  state: TransactionState;
  success: boolean | null;
  successList: boolean[];
  warning: boolean;
  duration: number;
  error: string | null;
}

function settle(o: LinkOutcome): End {
  const base = { duration: o.durationMs, successList: [] as boolean[], success: null, warning: true };
  if (o.kind === 'timeout')
    return { ...base, state: 'timedOut', error: 'no reply in time (outcome unknown)' };
  if (o.kind === 'unreachable')
    return { ...base, state: 'failed', success: false, error: 'not delivered: no worker holds the link' };
  if (o.kind === 'unreadable')
    return { ...base, state: 'failed', error: 'unreadable answer (outcome unknown)' };
  const successList = o.reply.items.map((i) => i.success !== false && !i.error);
  const success = successList.length > 0 && successList.every(Boolean);
  const firstError = o.reply.items.find((i) => i.error)?.error as { message?: string } | undefined;
  return {
    ...base,
    state: success ? 'replied' : 'failed',
    success,
    successList,
    warning: false,
    error: success ? null : (firstError?.message ?? 'failed'),
  };
}

/** Kept for the audit record out of the budget when the hub's wait is cut short. */
const AUDIT_RESERVE_MS = 1000;

/**
 * The command lifecycle: refuse an offline link; record the transaction as sent; send once; settle
 * as replied, failed or timed out; then leave the transaction's end, an automatic support note
 * naming the staff member, and an audit event. A timeout is answered 504 "outcome unknown".
 */
export class HubActions {
  private readonly app: FastifyInstance;
  /** How long an action may take in all: the audit record waits only for what is left of it. */
  private readonly budgetMs: number;
  /** How long a hub has to answer (HUB_TIMEOUT_MS), unless less of the budget is left. */
  private readonly hubTimeoutMs: number;
  constructor(app: FastifyInstance, budgetMs: number, hubTimeoutMs: number) {
    this.app = app;
    this.budgetMs = budgetMs;
    this.hubTimeoutMs = hubTimeoutMs;
  }

  async requireOnline(hubId: number, offline: string): Promise<HubPresence> {
    const p = await this.app.presence.get(hubId);
    if (!p) await this.requireKnown(hubId);
    if (!p?.connected) throw new ApiError(409, offline);
    return p;
  }

  /**
   * A hub that has never been seen online and is not in the fleet's records does not exist: that is
   * a 404, not "not connected" (a mistyped id must not read like a link that will come back).
   */
  async requireKnown(hubId: number): Promise<void> {
    const found = await this.app.mongo.collection('hubs').findOne({ hubId }, { projection: { _id: 1 } });
    if (!found) throw new ApiError(404, `There is no hub ${hubId}.`);
  }

  async run<N extends HubCommandName>(ctx: HandlerContext, spec: ActionSpec<N>): Promise<HubActionResult> {
    const deadline = (spec.startedAt ?? Date.now()) + this.budgetMs;
    const caller = ctx.caller as Caller;
    const presence = await this.requireOnline(spec.hubId, spec.offline);
    const env = hubRequest(spec.command, `admin.${caller.userId}`, spec.payloads);
    // The command waterfall: the gateway's correlation id, or one of our own for a call from elsewhere.
    const trace = ctx.trace ?? { correlationId: randomUUID(), acceptedAt: Date.now() };
    const opened = await this.app.records.open({
      transactionId: env.transactionId,
      hubId: spec.hubId,
      rootGroupId: presence.rootGroupId,
      action: spec.action,
      cls: env.class,
      operation: env.operation,
      opId: spec.opId,
      caller,
      requestId: ctx.requestId,
      firstMsgInfo: { items: env.items.length, payload: env.items[0]?.payload ?? {} },
    });
    const flight = this.app.waterfall.begin({
      transactionId: env.transactionId,
      correlationId: trace.correlationId,
      hubId: spec.hubId,
      action: spec.action,
      caller,
    });
    void flight.record('accepted', ctx.trace ? 'accepted by the gateway' : 'accepted', trace.acceptedAt);
    for (const b of spec.before ?? []) void flight.record(b.kind, b.label, b.at);
    let over = false;
    flight.watchEvents(this.app, () => over);
    const sentAt = Date.now();
    void flight.record('sent', 'sent to the hub', sentAt);
    // After a look-up (the firmware update's releases), the hub gets what is left of the budget
    // less a second for the audit record, so the whole call still answers inside the gateway's wait
    // (the operation fuzz saw a slow look-up plus a silent hub pass it: a 504 from the gateway).
    const hubWait = waitLeft(deadline - AUDIT_RESERVE_MS, Date.now(), this.hubTimeoutMs);
    const sending = this.app.hubLink.send(spec.hubId, env, caller, hubWait, trace.correlationId);
    const first = await Promise.race([
      sending,
      flight.cancelled.then((by) => ({ kind: 'cancelled' as const, by })),
    ]);
    // A cancel that won the settle key while the answer was on its way counts as the cancel it is.
    const by = first.kind === 'cancelled' ? first.by : await this.app.waterfall.claim(env.transactionId);
    const text = (word: string) =>
      `${caller.name} (${caller.email}) ran ${spec.action} on link ${spec.hubId}: ${word}`;
    const audit = { action: spec.action, hubId: spec.hubId, rootGroupId: presence.rootGroupId };
    if (by) {
      over = true;
      const end: End = {
        state: 'cancelled',
        success: null,
        successList: [],
        warning: true,
        duration: Date.now() - sentAt,
        error: `cancelled by ${by.name}`,
      };
      this.app.hubMetrics.actions.labels(spec.action, end.state).inc();
      if (first.kind !== 'cancelled') flight.recordOutcome(first, sentAt, true);
      else
        void sending.then((late) => {
          flight.recordOutcome(late, sentAt, true);
          flight.end();
        });
      const recorded = await this.finish(ctx, opened, end, {
        customerId: presence.rootGroupId,
        text: text(`cancelled by ${by.name}`),
        audit,
        deadline,
      });
      if (recorded) void flight.record('audit', 'audit record stored');
      if (first.kind !== 'cancelled') flight.end();
      throw new ApiError(
        409,
        `Cancelled by ${by.name}: the console stopped waiting; a late reply from the link is still recorded.`,
      );
    }
    const outcome = first as LinkOutcome;
    flight.recordOutcome(outcome, sentAt, false);
    over = outcome.kind !== 'reply';
    const end = settle(outcome);
    this.app.hubMetrics.actions.labels(spec.action, end.state).inc();
    const word =
      end.state === 'replied'
        ? 'success'
        : `${end.state === 'timedOut' ? 'timed out' : 'failed'}: ${end.error}`;
    const alongside =
      outcome.kind === 'reply' && spec.alongside
        ? spec
            .alongside(outcome.reply, end.success === true)
            .catch((err) => ctx.log.warn({ err }, 'hub card cache not updated'))
        : undefined;
    const recorded = await this.finish(ctx, opened, end, {
      customerId: presence.rootGroupId,
      text: text(word),
      audit,
      deadline,
    });
    await alongside;
    if (recorded) void flight.record('audit', 'audit record stored');
    flight.end();
    if (outcome.kind === 'timeout') throw new ApiError(504, HUB_ACTION_TEXT.timeout);
    if (outcome.kind === 'unreadable') throw new ApiError(502, HUB_ACTION_TEXT.unreadable);
    if (outcome.kind === 'unreachable')
      throw new ApiError(
        503,
        'No connection worker holds this link right now; the command was not delivered.',
      );
    const { reply } = outcome;
    return {
      transactionId: env.transactionId,
      hubId: spec.hubId,
      action: spec.action,
      class: reply.class,
      operation: reply.operation,
      state: end.state === 'replied' ? 'replied' : 'failed',
      success: end.success === true,
      durationMs: end.duration,
      items: reply.items.map((i) => ({
        itemId: i.itemId,
        success: i.success !== false && !i.error,
        payload: i.payload ?? {},
        ...(i.error ? { error: i.error as { group: number; code: number; message: string } } : {}),
      })),
      message: end.success ? `${spec.action}: done.` : HUB_ACTION_TEXT.operationFailed,
    };
  }

  /** Account actions (no hub): the same transaction, note and audit trail. */
  async recordAccountAction(
    ctx: HandlerContext,
    a: {
      opId: string;
      action: string;
      operation: string;
      customerId: string;
      success: boolean;
      error: string | null;
      payload: Record<string, unknown>;
    },
  ): Promise<number> {
    const caller = ctx.caller as Caller;
    const transactionId = nextTransactionId();
    const opened = await this.app.records.open({
      transactionId,
      hubId: null,
      rootGroupId: a.customerId,
      action: a.action,
      cls: 'admin',
      operation: a.operation,
      opId: a.opId,
      caller,
      requestId: ctx.requestId,
      firstMsgInfo: { items: 1, payload: a.payload },
    });
    const end: End = {
      state: a.success ? 'replied' : 'failed',
      success: a.success,
      successList: [a.success],
      warning: false,
      duration: 0,
      error: a.error,
    };
    this.app.hubMetrics.actions.labels(a.action, end.state).inc();
    await this.finish(ctx, opened, end, {
      customerId: a.customerId,
      text: `${caller.name} (${caller.email}) ran ${a.action}: ${a.success ? 'success' : `failed: ${a.error}`}`,
      audit: { action: a.action, hubId: null, rootGroupId: a.customerId },
    });
    return transactionId;
  }

  /**
   * The hub has acted (or may have): the end goes to the AUDIT stream (synced) and the reply goes
   * back; the audit writer puts the transaction and note in Mongo. A failure here is logged and
   * counted, never turned into an error (the write-ahead record still covers the transaction).
   */
  private async finish(
    ctx: HandlerContext,
    opened: Opened,
    end: End,
    after: {
      customerId: string;
      text: string;
      audit: { action: string; hubId: number | null; rootGroupId: string | null };
      deadline?: number;
    },
  ): Promise<boolean> {
    const tx: Opened = { ...opened, ...end };
    return this.app.auditTrail
      .record(tx, ctx.caller as Caller, after.customerId, after.text, after.audit, after.deadline)
      .then(
        () => true,
        (err) => {
          this.app.hubMetrics.recordFailures.labels('transactions').inc();
          ctx.log.error({ err }, 'could not record the end of a hub action');
          return false;
        },
      );
  }
}

export const hubActionsPlugin = fp(
  async (app: FastifyInstance, opts: { budgetMs: number; hubTimeoutMs: number }) => {
    app.decorate('hubActions', new HubActions(app, opts.budgetMs, opts.hubTimeoutMs));
  },
  {
    name: 'hub-actions',
    dependencies: ['presence', 'links', 'records', 'audit-trail', 'hub-metrics', 'waterfall'],
  },
);
