import type { NatsConnection } from '@nats-io/nats-core';

/** Why the broker counts as away: its link dropped, or it holds the link open and answers nothing. */
export type BrokerState = 'up' | 'stalled' | 'disconnected';

export interface BrokerLiveness {
  readonly state: BrokerState;
  readonly up: boolean;
  /** When it last stopped answering (ms since the epoch); null while up. */
  readonly downSince: number | null;
  /** Called on every change of state. */
  onChange(listener: (state: BrokerState) => void): void;
  stop(): void;
}

export interface LivenessOptions {
  /** A round trip (PING/PONG) is started this often. */
  probeMs: number;
  /** No PONG for this long: the broker is stalled. */
  stallMs: number;
}

/**
 * Whether the broker answers. A paused or partitioned broker keeps the TCP link open, so the client
 * sees no disconnect for its ping interval × max outstanding pings (seconds), while every request
 * waits out its whole timeout. A round trip every `probeMs` tells within about `stallMs`: callers
 * then answer at once (the gateway's 503, a degraded `/readyz`, stale live panels), and the first
 * PONG after the pause brings it back. A probe tick that itself comes late (this process's event
 * loop was blocked, not the broker) judges nothing.
 */
export function watchBroker(nc: NatsConnection, opts: LivenessOptions): BrokerLiveness {
  let state: BrokerState = 'up';
  let downSince: number | null = null;
  let lastPong = Date.now();
  let lastTick = Date.now();
  const listeners: ((s: BrokerState) => void)[] = [];
  const set = (next: BrokerState) => {
    if (next === state) return;
    if (state === 'up') downSince = Date.now();
    if (next === 'up') downSince = null;
    state = next;
    for (const l of listeners) l(next);
  };
  const probe = setInterval(() => {
    const now = Date.now();
    const late = now - lastTick > opts.probeMs * 2;
    lastTick = now;
    if (state === 'disconnected' || nc.isClosed()) return;
    if (!late && now - lastPong > opts.stallMs) set('stalled');
    nc.flush().then(
      () => {
        lastPong = Date.now();
        if (state === 'stalled') set('up');
      },
      () => undefined,
    );
  }, opts.probeMs);
  probe.unref();
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') set('disconnected');
      if (s.type === 'reconnect') {
        lastPong = Date.now();
        set('up');
      }
    }
  })();
  return {
    get state() {
      return state;
    },
    get up() {
      return state === 'up';
    },
    get downSince() {
      return downSince;
    },
    onChange: (l) => void listeners.push(l),
    stop: () => clearInterval(probe),
  };
}
