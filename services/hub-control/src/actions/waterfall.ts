import {
  type ActionStage,
  type ActionWaterfall,
  ApiError,
  type Caller,
  CORRELATION_HEADERS,
  type StageKind,
} from '@console/contracts';
import { publishAuditRecord } from '@console/kit';
import type { Subscription } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Collection, ObjectId } from 'mongodb';
import { GroupCommit } from '../records/group-commit.ts';
import { Flight } from './flight.ts';
import { packStages, type StageEntry, unpackStages } from './stage-docs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    waterfall: Waterfall;
  }
}

/** The staff member who cancelled an action, as the settle key and the pub/sub message carry it. */
export interface Canceller {
  userId: string;
  email: string;
  name: string;
}

/** How an action ended, on the stage that settled it (not served: `state` is made from it). */
export type Outcome = 'replied' | 'failed' | 'timedOut' | 'cancelled';

/**
 * One stage of one hub action (inserted, never updated: FerretDB 1.x); the action's other stages of
 * the same insert ride along in `more` (stage-docs.ts).
 */
export interface StageDoc {
  _id?: ObjectId;
  transactionId: number;
  correlationId: string;
  hubId: number | null;
  action: string;
  staff: string;
  kind: StageKind;
  label: string;
  at: Date;
  late: boolean;
  detail?: string;
  outcome?: Outcome;
  more?: StageEntry[];
}

/** What every stage of an action repeats: whose action it is, on which hub, and its ids. */
export type StageMeta = Pick<StageDoc, 'transactionId' | 'correlationId' | 'hubId' | 'action' | 'staff'>;

/**
 * How long a cancel waits for the first stage of an action it finds neither stored nor running
 * here: another instance may run it, its stages written behind it (one group commit).
 */
const FIRST_STAGE_WAIT_MS = 250;

/** Who a settle key says cancelled (its JSON), or "a colleague" if it cannot be read. */
function cancellerName(held: string): string {
  try {
    return (JSON.parse(held) as Canceller).name;
  } catch {
    return 'a colleague';
  }
}

/** How long the settle key lives (well past any hub timeout). */
const SETTLE_TTL_MS = 10 * 60_000;
const DONE = 'done';

/**
 * The command waterfall (docs/architecture.md "Command waterfall"): every stage of a hub action
 * with its time, stored in `actionstages` next to the transaction (one document per action and
 * insert, its stages in time order when read); the
 * cancel of a pending action across instances (a Redis settle key decides between the hub's
 * outcome and a cancel; Redis pub/sub tells the instance that waits).
 */
export class Waterfall {
  readonly stages: Collection<StageDoc>;
  private readonly writer: GroupCommit<StageDoc>;
  /** The actions running on this instance: how to stop waiting for each, and its stage fields. */
  private readonly waiting = new Map<number, { cancel: (by: Canceller) => void; meta: StageMeta }>();
  /**
   * One subscription per hub to its notifications, shared by every action that watches that hub:
   * the actions' correlation ids, each with its listeners (one SUB per hub instead of one per
   * action, and each notification parsed once however many actions on the hub are watching).
   */
  private readonly watched = new Map<
    number,
    { sub: Subscription; byCorrelation: Map<string, Set<(label: string) => void>> }
  >();
  private readonly app: FastifyInstance;
  private readonly redis: Redis;
  private readonly prefix: string;
  readonly channel: string;

  constructor(app: FastifyInstance, prefix: string, lingerMs: number) {
    this.app = app;
    this.redis = app.redis;
    this.prefix = prefix;
    this.channel = `${prefix}:action-cancel`;
    this.stages = app.mongo.collection<StageDoc>('actionstages');
    // Stages are fire and forget: the linger makes each insert carry many actions' stages (the
    // store's CPU goes by inserts as much as by documents).
    this.writer = new GroupCommit(
      (docs) => this.stages.insertMany(packStages(docs), { ordered: false }),
      500,
      lingerMs,
    );
  }

  /** Writes the stages still gathering (on close: none is lost to the linger). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  async ensureIndexes(): Promise<void> {
    await this.stages.createIndex({ transactionId: 1, at: 1 });
    await this.stages.createIndex({ correlationId: 1 });
  }

  private settleKey(transactionId: number): string {
    return `${this.prefix}:settle:${transactionId}`;
  }

  /** A cancel heard on pub/sub: the instance running that action stops waiting. */
  onCancel(raw: string): void {
    try {
      const m = JSON.parse(raw) as { transactionId: number; by: Canceller };
      this.waiting.get(m.transactionId)?.cancel(m.by);
    } catch {
      // not ours
    }
  }

  /** Starts the waterfall of an action about to be sent. */
  begin(a: {
    transactionId: number;
    correlationId: string;
    /** null for a Gen1 WiFi link's poke (no hub id; the link's address is in the stages). */
    hubId: number | null;
    action: string;
    caller: Caller;
  }): Flight {
    let cancel: (by: Canceller) => void = () => undefined;
    const cancelled = new Promise<Canceller>((r) => {
      cancel = r;
    });
    const flight = new Flight(this, a, cancelled, () => this.waiting.delete(a.transactionId));
    this.waiting.set(a.transactionId, { cancel, meta: flight.meta });
    return flight;
  }

  /**
   * Calls `onEvent` with `class.operation` for each notification of `hubId` that carries
   * `correlationId`, until the returned function is called. The subscription is made (or already
   * there) before this returns, so a command sent afterwards cannot outrun it.
   */
  watch(hubId: number, correlationId: string, onEvent: (label: string) => void): () => void {
    let w = this.watched.get(hubId);
    if (!w) {
      const byCorrelation = new Map<string, Set<(label: string) => void>>();
      const subject = this.app.subjects.hubNotifications(hubId);
      // `…msg.notification.<class>.<operation>`: the class is where the `>` stands.
      const at = subject.split('.').length - 1;
      const sub = this.app.nats.subscribe(subject, {
        callback: (err, m) => {
          if (err) return;
          const cid = m.headers?.get(CORRELATION_HEADERS.id);
          const listeners = cid ? byCorrelation.get(cid) : undefined;
          if (!listeners) return;
          const t = m.subject.split('.');
          const label = `${t[at]}.${t[at + 1]}`;
          for (const f of listeners) f(label);
        },
      });
      w = { sub, byCorrelation };
      this.watched.set(hubId, w);
    }
    const entry = w;
    let listeners = entry.byCorrelation.get(correlationId);
    if (!listeners) {
      listeners = new Set();
      entry.byCorrelation.set(correlationId, listeners);
    }
    listeners.add(onEvent);
    const own = listeners;
    return () => {
      own.delete(onEvent);
      if (own.size === 0 && entry.byCorrelation.get(correlationId) === own)
        entry.byCorrelation.delete(correlationId);
      if (entry.byCorrelation.size === 0 && this.watched.get(hubId) === entry) {
        this.watched.delete(hubId);
        entry.sub.unsubscribe();
      }
    };
  }

  /** How many hubs have a notification subscription open for watching actions (for tests). */
  get watchedHubs(): number {
    return this.watched.size;
  }

  /** Fire and forget: a stage that cannot be written is logged, the action goes on. */
  write(doc: StageDoc): Promise<void> {
    return this.writer.add(doc).catch((err) => {
      this.app.hubMetrics.recordFailures.labels('stages').inc();
      this.app.log.warn({ err, transactionId: doc.transactionId }, 'waterfall stage not written');
    });
  }

  /** The action's side of the settle key: null if the outcome is the hub's, else who cancelled. */
  async claim(transactionId: number): Promise<Canceller | null> {
    const key = this.settleKey(transactionId);
    const won = await this.redis.set(key, DONE, 'PX', SETTLE_TTL_MS, 'NX').catch(() => 'OK');
    if (won === 'OK') return null;
    const held = await this.redis.get(key).catch(() => null);
    if (!held || held === DONE) return null;
    try {
      return JSON.parse(held) as Canceller;
    } catch {
      return null;
    }
  }

  /** Cancels a pending action (any instance): the settle key, the stage, the audit event, the signal. */
  async cancel(transactionId: number, caller: Caller): Promise<{ first: StageMeta; by: Canceller }> {
    // Stages are written behind the action (a group commit), so it may have none stored yet: one
    // running here has its fields in memory; one on another instance gets a moment; one that has
    // just finished has its settle key set before its answer goes back.
    let docs = await this.load({ transactionId });
    if (docs.length === 0 && !this.waiting.has(transactionId)) {
      await new Promise((r) => setTimeout(r, FIRST_STAGE_WAIT_MS));
      docs = await this.load({ transactionId });
    }
    const first = docs[0] ? meta(docs[0]) : this.waiting.get(transactionId)?.meta;
    if (!first) {
      const held = await this.redis.get(this.settleKey(transactionId)).catch(() => null);
      if (held === DONE) throw new ApiError(409, 'This action has already finished.');
      if (held) throw new ApiError(409, `This action was already cancelled by ${cancellerName(held)}.`);
      throw new ApiError(404, `There is no action ${transactionId} to cancel.`);
    }
    const settled = docs.find((d) => d.outcome && !d.late);
    if (settled?.kind === 'cancelled')
      throw new ApiError(409, `This action was already cancelled by ${settled.detail}.`);
    if (settled) throw new ApiError(409, `This action has already finished (${settled.outcome}).`);
    const by: Canceller = { userId: caller.userId, email: caller.email, name: caller.name };
    const key = this.settleKey(transactionId);
    const won = await this.redis.set(key, JSON.stringify(by), 'PX', SETTLE_TTL_MS, 'NX');
    if (won !== 'OK') {
      const held = await this.redis.get(key);
      if (held && held !== DONE) {
        throw new ApiError(409, `This action was already cancelled by ${cancellerName(held)}.`);
      }
      throw new ApiError(409, 'This action has already finished.');
    }
    await this.write({
      ...first,
      kind: 'cancelled',
      label: `cancelled by ${by.name}`,
      detail: by.name,
      at: new Date(),
      late: false,
      outcome: 'cancelled',
    });
    await publishAuditRecord(
      this.app,
      {
        kind: 'action-cancel',
        transactionId,
        hubId: first.hubId,
        action: first.action,
        staff: by,
        at: Date.now(),
        note: `${by.name} (${by.email}) cancelled ${first.action} on link ${first.hubId}`,
      },
      { msgId: `action-cancel-${transactionId}` },
    );
    await this.redis.publish(this.channel, JSON.stringify({ transactionId, by }));
    return { first, by };
  }

  async load(filter: { transactionId: number } | { correlationId: string }): Promise<StageDoc[]> {
    let transactionId: number;
    if ('correlationId' in filter) {
      const one = await this.stages.findOne(
        { correlationId: filter.correlationId },
        { projection: { transactionId: 1 } },
      );
      if (!one) return [];
      transactionId = one.transactionId;
    } else transactionId = filter.transactionId;
    return unpackStages(
      await this.stages.find({ transactionId }, { sort: { at: 1, _id: 1 }, limit: 300 }).toArray(),
    );
  }

  /** The waterfall as served: stages in time order with their offsets, and the state they add up to. */
  async view(filter: { transactionId: number } | { correlationId: string }): Promise<ActionWaterfall> {
    const docs = await this.load(filter);
    const first = docs[0];
    if (!first) throw new ApiError(404, 'No stages are recorded for that action (yet).');
    return toWaterfall(docs);
  }
}

function meta(d: StageDoc): StageMeta {
  const { transactionId, correlationId, hubId, action, staff } = d;
  return { transactionId, correlationId, hubId, action, staff };
}

export function toWaterfall(docs: StageDoc[]): ActionWaterfall {
  const first = docs[0] as StageDoc;
  const start = first.at.getTime();
  const settled = docs.find((d) => d.outcome && !d.late);
  const cancelled = docs.find((d) => d.kind === 'cancelled');
  const stages: ActionStage[] = docs.map((d) => ({
    kind: d.kind,
    label: d.label,
    at: d.at.getTime(),
    offsetMs: d.at.getTime() - start,
    late: d.late,
    ...(d.detail ? { detail: d.detail } : {}),
  }));
  return {
    transactionId: first.transactionId,
    correlationId: first.correlationId,
    hubId: first.hubId,
    action: first.action,
    staff: first.staff,
    state: settled?.outcome ?? 'pending',
    cancelledBy: cancelled?.detail ?? null,
    stages,
  };
}

export const waterfallPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; lingerMs: number }) => {
    const w = new Waterfall(app, opts.prefix, opts.lingerMs);
    await w.ensureIndexes().catch((err) => app.log.warn({ err }, 'waterfall indexes not created'));
    const listener = app.redis.duplicate({ enableOfflineQueue: true });
    listener.on('error', (err) => app.log.warn({ err }, 'action-cancel listener'));
    await listener.subscribe(w.channel);
    listener.on('message', (_c: string, raw: string) => w.onCancel(raw));
    app.addHook('onClose', async () => {
      listener.disconnect();
      await w.flush();
    });
    app.decorate('waterfall', w);
  },
  { name: 'waterfall', dependencies: ['mongo', 'redis', 'nats', 'hub-metrics'] },
);
