import { randomUUID } from 'node:crypto';
import type { Caller } from '@console/contracts';
import { jetstream } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';

export interface AuditEvent {
  kind: string;
  id: string;
  staff: { userId: string; email: string; name: string } | null;
  at: number;
  [field: string]: unknown;
}

/** An audit event: who (the verified caller) did what to what, and when. */
export function auditEvent(kind: string, caller: Caller | null, what: Record<string, unknown>): AuditEvent {
  return {
    kind,
    id: randomUUID(),
    ...what,
    staff: caller ? { userId: caller.userId, email: caller.email, name: caller.name } : null,
    at: Date.now(),
  };
}

/**
 * Publishes an audit event on `audit.<kind>` and waits for the AUDIT stream to store it (kept 90
 * days); the message id lets JetStream drop a repeat. Rejects when the stream does not take it, so
 * an action that must never go unrecorded (an impersonation) can refuse instead.
 */
export async function recordAudit(
  app: Pick<FastifyInstance, 'nats' | 'subjects'>,
  kind: string,
  caller: Caller | null,
  what: Record<string, unknown>,
): Promise<AuditEvent> {
  const event = auditEvent(kind, caller, what);
  await jetstream(app.nats).publish(app.subjects.audit(kind), JSON.stringify(event), {
    msgID: `${kind}-${event.id}`,
    timeout: 5000,
  });
  return event;
}
