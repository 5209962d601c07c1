import type { Caller } from '@console/contracts';
import { auditEvent } from '@console/kit';
import { headers } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';

/**
 * An audit note on `audit.<kind>` (kept 90 days by the audit stream): who did what to what. The
 * message id lets JetStream drop a repeat of the same publish. Not waited for (the kit's
 * `recordAudit` waits, for actions that must not go unrecorded).
 */
export function publishAudit(
  app: FastifyInstance,
  kind: string,
  caller: Caller | null,
  what: Record<string, unknown>,
): void {
  const event = auditEvent(kind, caller, what);
  const h = headers();
  h.set('Nats-Msg-Id', `${kind}-${event.id}`);
  try {
    app.nats.publish(app.subjects.audit(kind), JSON.stringify(event), { headers: h });
  } catch (err) {
    app.log.error({ err, kind }, 'audit note not published');
  }
}
