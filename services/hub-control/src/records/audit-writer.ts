import { streamNames, subjects } from '@console/contracts';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeAudit, type HubActionAudit } from './audit-trail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auditWriter: AuditWriter;
  }
}

export interface AuditWriterOptions {
  prefix: string;
  /** The durable consumer: one per deployment, shared by every instance (each message to one of them). */
  durable: string;
  /** Writes one batch; must be idempotent (a message may come twice). */
  sink: (batch: HubActionAudit[]) => Promise<void>;
  ackWaitMs?: number;
  batch?: number;
  /**
   * How long the first message of a batch waits for others to join it (default 20 ms): under load
   * the messages come one by one, and a batch written per event-loop turn held one or two actions,
   * so the store took nearly a write per document. A full batch is written at once.
   */
  lingerMs?: number;
  onError?: (err: unknown) => void;
}

const nanos = (ms: number) => ms * 1_000_000;

/**
 * Reads the hub actions from the AUDIT stream and writes their transactions and notes to Mongo in
 * batches, acknowledging each message only after its batch is written. A batch that fails is
 * handed back (nak with a delay) and comes again; a process that stops mid-batch leaves its
 * messages unacknowledged, so they come again after `ackWaitMs` to whichever instance is running.
 */
export class AuditWriter {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> = Promise.resolve();
  private queue: JsMsg[] = [];
  private flushing: Promise<void> | null = null;
  /** Ends the linger early (a full batch is waiting). */
  private wake: (() => void) | null = null;
  private readonly batch: number;
  private readonly lingerMs: number;
  private readonly nc: NatsConnection;
  private readonly opts: AuditWriterOptions;

  constructor(nc: NatsConnection, opts: AuditWriterOptions) {
    this.nc = nc;
    this.opts = opts;
    this.batch = opts.batch ?? 500;
    this.lingerMs = opts.lingerMs ?? 20;
  }

  async start(): Promise<void> {
    if (this.messages) return;
    const stream = streamNames(this.opts.prefix).audit;
    const jsm = await jetstreamManager(this.nc);
    const config = {
      durable_name: this.opts.durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.opts.ackWaitMs ?? 30_000),
      max_ack_pending: 20_000,
      // A new durable starts at "now": it is created before this instance takes requests.
      deliver_policy: DeliverPolicy.New,
      filter_subject: subjects(this.opts.prefix).audit('hub-action'),
    };
    const existing = await jsm.consumers.info(stream, this.opts.durable).catch(() => null);
    if (!existing) await jsm.consumers.add(stream, config);
    const consumer = await jetstream(this.nc).consumers.get(stream, this.opts.durable);
    const messages = await consumer.consume({ max_messages: this.batch * 2 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        this.queue.push(m);
        // Let the messages of the next few milliseconds join this batch (a full one goes at once).
        if (!this.flushing)
          this.flushing = new Promise<void>((r) => {
            this.wake = r;
            setTimeout(r, this.lingerMs);
          }).then(() => this.drain());
        else if (this.queue.length >= this.batch) this.wake?.();
      }
    })();
  }

  /** Stops taking messages; what is in hand is written (or handed back) first. */
  async stop(): Promise<void> {
    const messages = this.messages;
    if (!messages) return;
    this.messages = null;
    await messages.close().catch(() => undefined);
    await this.loop.catch(() => undefined);
    // What is gathering goes now, not at the end of its linger.
    this.wake?.();
    await this.flushing;
  }

  private async drain(): Promise<void> {
    this.wake = null;
    while (this.queue.length > 0) {
      const msgs = this.queue.splice(0, this.batch);
      const records: HubActionAudit[] = [];
      for (const m of msgs) {
        let rec: HubActionAudit | null = null;
        try {
          rec = decodeAudit(m.json());
        } catch {
          rec = null;
        }
        if (rec) records.push(rec);
      }
      try {
        await this.opts.sink(records);
        for (const m of msgs) m.ack();
      } catch (err) {
        this.opts.onError?.(err);
        for (const m of msgs) m.nak(1000);
      }
    }
    this.flushing = null;
  }
}

export const auditWriterPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; lingerMs: number }) => {
    const writer = new AuditWriter(app.nats, {
      prefix: opts.prefix,
      lingerMs: opts.lingerMs,
      durable: 'hub-control-records',
      // One insertMany per collection per batch, both at once.
      sink: async (batch) => {
        await Promise.all([
          app.records.writeTransactions(batch.map((a) => a.transaction)),
          app.records.writeNotes(batch.map((a) => a.supportNote)),
        ]);
      },
      onError: (err) => {
        app.hubMetrics.recordFailures.labels('audit-writer').inc();
        app.log.error({ err }, 'could not write a batch of hub actions; it comes again');
      },
    });
    await writer.start();
    app.decorate('auditWriter', writer);
    app.addHook('onClose', async () => writer.stop());
  },
  { name: 'audit-writer', dependencies: ['records', 'hub-metrics'] },
);
