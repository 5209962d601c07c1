import type { LiveEvent } from '@console/contracts';

/**
 * The monitor's counters (seed 001 §2). A hub message has a direction (request, response or
 * notification) and a class. Requests and responses count by direction; every notification counts
 * as a notification, and also either as a log (class `log`) or as an event (any other class).
 * Presence and malformed payloads count in none of them.
 */
export interface Counters {
  requests: number;
  responses: number;
  notifications: number;
  logs: number;
  events: number;
}

export const NO_COUNTS: Counters = { requests: 0, responses: 0, notifications: 0, logs: 0, events: 0 };

export function count(counters: Counters, events: readonly LiveEvent[]): Counters {
  const next = { ...counters };
  for (const e of events) {
    const meta = e.meta;
    if (!meta) continue;
    if (meta.direction === 'request') next.requests += 1;
    else if (meta.direction === 'response') next.responses += 1;
    else if (meta.direction === 'notification') {
      next.notifications += 1;
      if (meta.class === 'log') next.logs += 1;
      else next.events += 1;
    }
  }
  return next;
}

/** A short line for one event in the stream box. */
export function describe(e: LiveEvent): string {
  if (e.kind === 'presence') {
    const data = (e.data ?? {}) as { connected?: unknown; online?: unknown };
    const up = data.connected ?? data.online;
    return up === true ? 'presence: connected' : up === false ? 'presence: disconnected' : 'presence';
  }
  if (!e.meta) return e.subject;
  const { direction, class: cls, operation, clientType } = e.meta;
  return `${direction} ${cls}.${operation} · ${clientType}${e.malformed !== undefined ? ' · malformed' : ''}`;
}
