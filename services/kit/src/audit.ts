import { randomUUID } from 'node:crypto';
import { type Caller, type StaffRef, staffOf } from '@console/contracts';
import { type JetStreamClient, jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';

export interface AuditEvent {
  kind: string;
  id: string;
  staff: StaffRef | null;
  at: number;
  [field: string]: unknown;
}

/** An audit event: who (the verified caller) did what to what, and when. */
export function auditEvent(kind: string, caller: Caller | null, what: Record<string, unknown>): AuditEvent {
  return {
    kind,
    id: randomUUID(),
    ...what,
    staff: caller ? staffOf(caller) : null,
    at: Date.now(),
  };
}

/** A record for the AUDIT stream (any JSON object with its kind): published on `audit.<kind>`. */
export type AuditRecord = { kind: string };

export interface PublishAuditOptions {
  /** The JetStream message id: a second publish with the same id within the stream's window is dropped. */
  msgId: string;
  /**
   * `stored` (the default): resolves once the AUDIT stream has stored the record (a synced
   * publish), rejects when it does not within `timeoutMs` — for actions that must not go
   * unrecorded. `sent`: handed to the broker without waiting (the stream still stores it, once per
   * `msgId`), for notes whose loss is logged, not refused; rejects only when it cannot be sent.
   */
  wait?: 'stored' | 'sent';
  /** How long a `stored` publish waits for the stream (default 5 s). */
  timeoutMs?: number;
}

/** One JetStream client per connection, made once (not per record). */
const clients = new WeakMap<NatsConnection, JetStreamClient>();

function jetStreamOf(nc: NatsConnection): JetStreamClient {
  let js = clients.get(nc);
  if (!js) {
    js = jetstream(nc);
    clients.set(nc, js);
  }
  return js;
}

/**
 * The one way an audit record is published, by every service: `record` as JSON on
 * `audit.<record.kind>` (the AUDIT stream keeps it 90 days), once per `msgId`.
 */
export async function publishAuditRecord<R extends AuditRecord>(
  app: Pick<FastifyInstance, 'nats' | 'subjects'>,
  record: R,
  opts: PublishAuditOptions,
): Promise<void> {
  const subject = app.subjects.audit(record.kind);
  const data = JSON.stringify(record);
  if (opts.wait === 'sent') {
    const h = headers();
    h.set('Nats-Msg-Id', opts.msgId);
    app.nats.publish(subject, data, { headers: h });
    return;
  }
  await jetStreamOf(app.nats).publish(subject, data, { msgID: opts.msgId, timeout: opts.timeoutMs ?? 5000 });
}

/**
 * An audit event made from the caller (`auditEvent`), published and stored before this resolves
 * (`publishAuditRecord`, msg id `<kind>-<event id>`). Rejects when the stream does not take it, so
 * an action that must never go unrecorded (an impersonation) can refuse instead.
 */
export async function recordAudit(
  app: Pick<FastifyInstance, 'nats' | 'subjects'>,
  kind: string,
  caller: Caller | null,
  what: Record<string, unknown>,
  opts: Pick<PublishAuditOptions, 'wait'> = {},
): Promise<AuditEvent> {
  const event = auditEvent(kind, caller, what);
  await publishAuditRecord(app, event, { msgId: `${kind}-${event.id}`, ...opts });
  return event;
}
