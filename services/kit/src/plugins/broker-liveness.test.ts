import type { NatsConnection } from '@nats-io/nats-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BrokerState, watchBroker } from './broker-liveness.ts';

/**
 * A stand-in for the NATS connection (named here as the only fake): `flush` answers at once while
 * the broker answers and waits while it is paused; `status` yields what the test emits.
 */
function fakeBroker() {
  let answering = true;
  const waiting: (() => void)[] = [];
  const events: { type: string }[] = [];
  let wake: (() => void) | null = null;
  const nc = {
    isClosed: () => false,
    flush: () => (answering ? Promise.resolve() : new Promise<void>((r) => waiting.push(r))),
    status: () => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (events.length) yield events.shift();
          await new Promise<void>((r) => {
            wake = r;
          });
        }
      },
    }),
  } as unknown as NatsConnection;
  return {
    nc,
    pause: () => {
      answering = false;
    },
    resume: () => {
      answering = true;
      for (const r of waiting.splice(0)) r();
    },
    emit: (type: string) => {
      events.push({ type });
      wake?.();
    },
  };
}

const OPTS = { probeMs: 250, stallMs: 1000 };

/** A fake broker watched with OPTS, and the states the watch changed to, in order. */
function watched() {
  const b = fakeBroker();
  const live = watchBroker(b.nc, OPTS);
  const changes: BrokerState[] = [];
  live.onChange((s) => changes.push(s));
  return { b, live, changes };
}

describe('watchBroker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts a broker that answers no PING for stallMs as stalled, and up at its first PONG', async () => {
    const { b, live, changes } = watched();
    await vi.advanceTimersByTimeAsync(2000);
    expect(live.state).toBe('up');
    b.pause();
    const pausedAt = Date.now();
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.state).toBe('up');
    await vi.advanceTimersByTimeAsync(500);
    expect(live.state).toBe('stalled');
    expect(live.downSince).toBeGreaterThanOrEqual(pausedAt + 1000);
    expect(live.downSince).toBeLessThanOrEqual(pausedAt + 1500);
    b.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state).toBe('up');
    expect(live.downSince).toBeNull();
    expect(changes).toEqual(['stalled', 'up']);
    live.stop();
  });

  it('judges nothing on a tick that comes late because this process was blocked', async () => {
    const { live, changes } = watched();
    await vi.advanceTimersByTimeAsync(500);
    // The event loop blocked for 3 s: no tick ran, no PONG was read, though the broker answered.
    vi.setSystemTime(Date.now() + 3000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(changes).toEqual([]);
    expect(live.state).toBe('up');
    live.stop();
  });

  it('follows the link: disconnected on a disconnect, up on the reconnect', async () => {
    const b = fakeBroker();
    const live = watchBroker(b.nc, OPTS);
    b.emit('disconnect');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state).toBe('disconnected');
    expect(live.up).toBe(false);
    // No probe judges a dropped link (no PONG can come): it stays disconnected, not stalled.
    b.pause();
    await vi.advanceTimersByTimeAsync(3000);
    expect(live.state).toBe('disconnected');
    b.resume();
    b.emit('reconnect');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state).toBe('up');
    live.stop();
  });
});
