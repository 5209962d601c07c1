import { randomUUID } from 'node:crypto';
import type { Caller } from '@console/contracts';
import { headers } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';

/**
 * An audit note on `audit.<kind>` (kept 90 days by the audit stream): who did what to what. The
 * message id lets JetStream drop a repeat of the same publish.
 */
export function publishAudit(
  app: FastifyInstance,
  kind: string,
  caller: Caller | null,
  what: Record<string, unknown>,
): void {
  const h = headers();
  const id = randomUUID();
  h.set('Nats-Msg-Id', `${kind}-${id}`);
  const event = {
    kind,
    id,
    ...what,
    staff: caller ? { userId: caller.userId, email: caller.email, name: caller.name } : null,
    at: Date.now(),
  };
  try {
    app.nats.publish(app.subjects.audit(kind), JSON.stringify(event), { headers: h });
  } catch (err) {
    app.log.error({ err, kind }, 'audit note not published');
  }
}
