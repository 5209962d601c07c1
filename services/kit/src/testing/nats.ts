import type { Msg, NatsConnection } from '@nats-io/nats-core';

/** Every message seen on a subject since recording began. */
export interface Recorder {
  messages: Msg[];
  /** The messages' bodies, parsed. */
  json(): Record<string, unknown>[];
  /** The first message (seen already or still to come) that matches, within the time given. */
  waitFor(predicate: (m: Msg) => boolean, timeoutMs?: number): Promise<Msg>;
  stop(): void;
}

/** Starts recording every message on a subject (wildcards allowed), as a test watches the wire. */
export function recordSubject(nc: NatsConnection, subject: string): Recorder {
  const messages: Msg[] = [];
  const waiters = new Set<{ p: (m: Msg) => boolean; resolve: (m: Msg) => void }>();
  const sub = nc.subscribe(subject, {
    callback: (_e, m) => {
      messages.push(m);
      for (const w of waiters) {
        if (!w.p(m)) continue;
        waiters.delete(w);
        w.resolve(m);
      }
    },
  });
  return {
    messages,
    json: () => messages.map((m) => JSON.parse(m.string()) as Record<string, unknown>),
    waitFor: (p, timeoutMs = 5000) => {
      const found = messages.find(p);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { p, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w)) reject(new Error(`nothing matching on ${subject} within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    stop: () => sub.unsubscribe(),
  };
}

/**
 * The simulator's settings that make a test's hubs predictable: all connected at once and no
 * background traffic, so what a test sees on the wire is what it caused.
 */
export const QUIET_SIMULATOR: Record<string, string> = {
  SIM_CONNECT_SPREAD_MS: '0',
  SIM_EVENTS_PER_HUB_PER_MIN: '0',
  SIM_STATUS_PER_HUB_PER_MIN: '0',
  SIM_LOGS_PER_HUB_PER_MIN: '0',
  SIM_NOTIFICATIONS_PER_HUB_PER_MIN: '0',
  SIM_CLIENTS: '0',
};
