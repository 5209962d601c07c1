import type { Caller, FleetQueryAudit } from '@console/contracts';
import { auditEvent, publishAuditRecord } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/**
 * Every fleet-lens query is audited, accepted or refused: an `audit.fleet-query` record on the
 * AUDIT stream with who ran which expression (and look-back) from where. It is not awaited: a
 * record the stream does not take is logged, and the query runs anyway (it changes nothing).
 */
export function auditFleetQuery(
  app: Pick<FastifyInstance, 'nats' | 'subjects' | 'log'>,
  caller: Caller,
  ip: string,
  facts: Pick<FleetQueryAudit, 'expression' | 'lookbackMinutes' | 'outcome' | 'error'>,
): void {
  const { id, staff, at } = auditEvent('fleet-query', caller, {});
  const record: FleetQueryAudit = { kind: 'fleet-query', id, staff, at, ...facts, host: ip };
  publishAuditRecord(app, record, { msgId: `fleet-query-${record.id}` }).catch((err: Error) =>
    app.log.error({ err, record }, 'fleet query not audited'),
  );
}
