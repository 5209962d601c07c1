import type { Caller, StageKind } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { LinkOutcome } from '../hubs/links.client.ts';
import type { Canceller, Outcome, StageMeta, Waterfall } from './waterfall.ts';

/** How long after its outcome an action's resulting hub messages are still looked for. */
export const EVENT_WINDOW_MS = 5000;
/** At most this many resulting messages and response items are kept per action. */
const MAX_EVENTS = 50;
const MAX_ITEMS = 20;

/** One action in flight: records its stages and watches for the hub messages it causes. */
export class Flight {
  readonly cancelled: Promise<Canceller>;
  private readonly w: Waterfall;
  private readonly base: StageMeta;
  private readonly release: () => void;
  private unwatch: (() => void) | null = null;
  private seen = 0;
  /** When the hub's answer (or its absence) was recorded; events heard before it wait for it. */
  private answeredAt: number | null = null;
  private early: { label: string; at: number; late: boolean }[] = [];

  constructor(
    w: Waterfall,
    a: { transactionId: number; correlationId: string; hubId: number | null; action: string; caller: Caller },
    cancelled: Promise<Canceller>,
    release: () => void,
  ) {
    this.w = w;
    this.base = {
      transactionId: a.transactionId,
      correlationId: a.correlationId,
      hubId: a.hubId,
      action: a.action,
      staff: a.caller.name,
    };
    this.cancelled = cancelled;
    this.release = release;
  }

  /** The fields every stage of this action repeats. */
  get meta(): StageMeta {
    return this.base;
  }

  /** The key its stages are stored under (and the settle key's). */
  get transactionId(): number {
    return this.base.transactionId;
  }

  record(
    kind: StageKind,
    label: string,
    at = Date.now(),
    extra: { late?: boolean; detail?: string; outcome?: Outcome } = {},
  ): Promise<void> {
    return this.w.write({ ...this.base, kind, label, at: new Date(at), late: extra.late ?? false, ...extra });
  }

  /**
   * Listens on the hub's socket log for the notifications that carry this action's correlation id
   * (e.g. the feature.event after a feature write): each is a stage, late if the action had ended
   * as cancelled or timed out.
   */
  watchEvents(_app: FastifyInstance, isLate: () => boolean): void {
    const hubId = this.base.hubId as number;
    this.unwatch = this.w.watch(hubId, this.base.correlationId, (label) => {
      if (this.seen >= MAX_EVENTS) return;
      this.seen++;
      // The client may hand over a message the hub sent after its reply before the reply itself.
      if (this.answeredAt === null) this.early.push({ label, at: Date.now(), late: isLate() });
      else void this.record('event', label, Math.max(Date.now(), this.answeredAt), { late: isLate() });
    });
  }

  /** What the hub's answer (or its absence) looked like, as stages. */
  recordOutcome(o: LinkOutcome, sentAt: number, late: boolean): void {
    const at = Math.round(sentAt + o.durationMs);
    this.recordAnswer(o, at, late);
    this.answeredAt = at;
    for (const e of this.early.splice(0))
      void this.record('event', e.label, Math.max(e.at, at), { late: e.late || late });
  }

  private recordAnswer(o: LinkOutcome, at: number, late: boolean): void {
    if (o.kind === 'reply') {
      const items = o.reply.items;
      items.slice(0, MAX_ITEMS).forEach((i, n) => {
        const ok = i.success !== false && !i.error;
        const why = (i.error as { message?: string } | undefined)?.message;
        const settles = !late && n === 0;
        const allOk = items.every((x) => x.success !== false && !x.error);
        void this.record('response', `response item ${i.itemId}: ${ok ? 'ok' : (why ?? 'failed')}`, at, {
          late,
          ...(settles ? { outcome: allOk ? 'replied' : 'failed' } : {}),
        });
      });
      if (items.length > MAX_ITEMS)
        void this.record('response', `… and ${items.length - MAX_ITEMS} more items`, at, { late });
      if (items.length === 0)
        void this.record('response', 'response without items', at, {
          late,
          ...(late ? {} : { outcome: 'failed' as const }),
        });
      return;
    }
    if (o.kind === 'timeout') {
      void this.record('outcome-unknown', 'no reply in time: outcome unknown', at, {
        late,
        ...(late ? {} : { outcome: 'timedOut' as const }),
      });
      return;
    }
    const label =
      o.kind === 'unreachable'
        ? 'not delivered: no worker holds the link'
        : 'unreadable answer (outcome unknown)';
    void this.record('failed', label, at, { late, ...(late ? {} : { outcome: 'failed' as const }) });
  }

  /** The action is over: no cancel is awaited; resulting messages are still looked for a while. */
  end(): void {
    this.release();
    const unwatch = this.unwatch;
    this.unwatch = null;
    if (unwatch) setTimeout(unwatch, EVENT_WINDOW_MS).unref();
  }
}
