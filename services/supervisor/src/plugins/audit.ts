import type { Caller } from '@console/contracts';
import { recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/**
 * An audit note on `audit.<kind>` (kept 90 days by the audit stream): who did what to what,
 * through the kit's one audit publisher. Not waited for (`wait: 'sent'`; the stream still stores
 * it once per message id); a note that cannot be sent is logged.
 */
export function publishAudit(
  app: FastifyInstance,
  kind: string,
  caller: Caller | null,
  what: Record<string, unknown>,
): void {
  recordAudit(app, kind, caller, what, { wait: 'sent' }).catch((err) =>
    app.log.error({ err, kind }, 'audit note not published'),
  );
}
