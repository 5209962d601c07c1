import { randomUUID } from 'node:crypto';
import type { Caller, RawChannelAudit } from '@console/contracts';
import { publishAuditRecord } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** What one audited raw-channel event was: to whom, which message, and how it ended. */
export type RawAuditFacts = Pick<
  RawChannelAudit,
  'target' | 'class' | 'operation' | 'direction' | 'transactionId' | 'outcome' | 'statusCode' | 'detail'
>;

/** A rate-limit cut is recorded at most this often per socket: a flood must not become an audit flood. */
const CUT_EVERY_MS = 1000;

/**
 * The engineering audit the fan-out writes itself (issue 29 §6): what never reaches hub-control
 * (which audits every message it sends): refusals, rate-limit cuts, oversized and malformed frames,
 * channel subscribe/unsubscribe(-all), and a Link2 page's open, each send and close. Each is an
 * `audit.raw-channel` event on the AUDIT stream with who (the staff member and address), what and
 * the outcome.
 */
export class RawAudit {
  private readonly lastCut = new WeakMap<object, number>();
  private readonly app: Pick<FastifyInstance, 'nats' | 'subjects' | 'log'>;

  constructor(app: Pick<FastifyInstance, 'nats' | 'subjects' | 'log'>) {
    this.app = app;
  }

  record(caller: Caller, ip: string, facts: RawAuditFacts): void {
    const { userId, email, name } = caller;
    const event: RawChannelAudit = {
      kind: 'raw-channel',
      staff: { userId, email, name },
      ...facts,
      durationMs: 0,
      requestId: randomUUID(),
      host: ip,
      at: Date.now(),
    };
    publishAuditRecord(this.app, event, { msgId: `raw-${event.requestId}` }).catch((err) =>
      this.app.log.error({ err, event }, 'raw-channel event not audited'),
    );
  }

  /** A rate-limit cut on `socket`: recorded once a second at most while the flood lasts. */
  cut(socket: object, caller: Caller, ip: string, facts: RawAuditFacts): void {
    const now = Date.now();
    if (now - (this.lastCut.get(socket) ?? 0) < CUT_EVERY_MS) return;
    this.lastCut.set(socket, now);
    this.record(caller, ip, facts);
  }
}

/** What a frame says of itself before it is checked (for auditing one refused as it arrives). */
export function frameFacts(parsed: unknown): Pick<RawAuditFacts, 'class' | 'operation' | 'direction'> {
  const frame = parsed as { type?: unknown; message?: Record<string, unknown> } | null;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v.slice(0, 60) : fallback);
  return {
    class: text(frame?.message?.class, text(frame?.type, '')),
    operation: text(frame?.message?.operation, ''),
    direction: text(frame?.message?.direction, ''),
  };
}

/** A Link2 page's own session event (open, close) as an audit record's facts. */
export function link2Facts(
  hubId: string | number,
  operation: string,
  outcome: 'reply' | 'refused',
  statusCode: number | null,
) {
  return {
    target: `link2:${hubId}`,
    class: 'link2',
    operation,
    direction: 'session',
    transactionId: 0,
    outcome,
    statusCode,
  };
}
