import type { Caller } from '@console/contracts';
import { publishAuditRecord } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { Opened, SupportNoteDoc } from './records.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auditTrail: AuditTrail;
  }
}

export type NoteWithId = SupportNoteDoc & { _id: ObjectId };

/**
 * One hub action as the AUDIT stream keeps it: the event other services read (search refreshes
 * what it names) plus the complete transaction and support note, which the audit writer inserts.
 */
export interface HubActionAudit {
  kind: 'hub-action';
  transactionId: number;
  action: string;
  hubId: number | null;
  rootGroupId: string | null;
  state: string;
  success: boolean | null;
  note: string;
  staff: { userId: string; email: string; name: string };
  at: number;
  transaction: Opened;
  supportNote: NoteWithId;
}

/** The message id: the transaction id (namespaced, as the Gen1 events are), so a re-publish is dropped. */
export const auditMsgId = (transactionId: number) => `hub-action-${transactionId}`;

/** JSON loses ObjectIds and Dates: the writer must insert exactly the `_id`s chosen at the start. */
export function decodeAudit(raw: unknown): HubActionAudit | null {
  type Wire = Record<string, unknown>;
  const a = raw as { kind?: string; transaction?: Wire; supportNote?: Wire } | null;
  if (a?.kind !== 'hub-action' || !a.transaction || !a.supportNote) return null;
  const t = a.transaction;
  const n = a.supportNote;
  if (typeof t._id !== 'string' || typeof n._id !== 'string') return null;
  return {
    ...(a as unknown as HubActionAudit),
    transaction: {
      ...(t as unknown as Opened),
      _id: new ObjectId(t._id),
      startDate: new Date(t.startDate as string),
      createdDate: new Date(t.createdDate as string),
    },
    supportNote: {
      ...(n as unknown as NoteWithId),
      _id: new ObjectId(n._id),
      updatedDate: new Date(n.updatedDate as string),
    },
  };
}

/**
 * The end of a hub action, made durable before the caller hears the reply: one synced JetStream
 * publish (the stream's ack means it is stored) instead of Mongo writes on the request path. If
 * the stream cannot take it, the records go straight to Mongo; if that fails too, the write-ahead
 * record stays in Redis and the sweep writes the transaction as 'sent' later.
 */
export class AuditTrail {
  private readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async record(
    tx: Opened,
    caller: Caller,
    customerId: string,
    text: string,
    event: { action: string; hubId: number | null; rootGroupId: string | null },
    /** When the action's answer must be on its way (Date.now() ms): the record waits no longer. */
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    const { records, hubMetrics, log } = this.app;
    const supportNote: NoteWithId = {
      _id: new ObjectId(),
      notes: text,
      customerId,
      userId: caller.email,
      automatic: true,
      updatedDate: new Date(),
    };
    const audit: HubActionAudit = {
      kind: 'hub-action',
      transactionId: tx.transactionId,
      ...event,
      state: tx.state,
      success: tx.success,
      note: text,
      staff: { userId: caller.userId, email: caller.email, name: caller.name },
      at: Date.now(),
      transaction: tx,
      supportNote,
    };
    try {
      await publishAuditRecord(this.app, audit, {
        msgId: auditMsgId(tx.transactionId),
        timeoutMs: auditWait(deadline, Date.now()),
      });
    } catch (err) {
      hubMetrics.recordFailures.labels('audit').inc();
      log.warn({ err }, 'audit stream refused a hub action; writing it to Mongo directly');
      const direct = records.writeDirect(tx, supportNote);
      // Past the deadline the answer goes first; the write goes on (the write-ahead record covers it).
      if (Date.now() < deadline) await direct;
      else void direct.catch((e) => log.error({ err: e }, 'hub action not written to Mongo either'));
    }
    // The end is durable: the write-ahead record may go (not awaited: the reply need not wait).
    void records.settled(tx._id).catch((err) => log.warn({ err }, 'write-ahead record not removed'));
  }
}

/** What is left before `deadline`, at most `cap`, and never under 250 ms. */
export function waitLeft(deadline: number, now: number, cap: number): number {
  return Math.max(250, Math.min(cap, deadline - now));
}

/**
 * How long the audit publish may wait: what is left before the deadline, at most 5 s, and at
 * least 250 ms (JetStream usually answers in a few; a record refused for time falls back to Mongo).
 */
export function auditWait(deadline: number, now: number): number {
  return waitLeft(deadline, now, 5000);
}

export const auditTrailPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('auditTrail', new AuditTrail(app));
  },
  { name: 'audit-trail', dependencies: ['records', 'hub-metrics'] },
);
