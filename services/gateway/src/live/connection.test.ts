import type { WebSocket } from '@fastify/websocket';
import { describe, expect, it } from 'vitest';
import { LiveConnection, SLOW_CONSUMER_CODE } from './connection.ts';

/**
 * Stand-in: a socket object whose queued bytes the test sets. A real socket's `bufferedAmount` only
 * grows once the kernel's buffers (megabytes on loopback, machine-dependent) are full; the rule under
 * test is that every kind of frame — not only events — is checked against the budget.
 */
function fakeSocket() {
  const sock = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    closedWith: null as number | null,
    send(t: string) {
      this.sent.push(t);
    },
    close(code: number) {
      this.closedWith = code;
    },
    pause() {},
    terminate() {},
  };
  return sock;
}

const caller = { userId: '1', email: 'a@b.c', name: 'A', roles: ['support' as const], sessionId: 's' };
const limits = { maxBufferedBytes: 1000, inboundPerSecond: 1, inboundBurst: 3 };

describe('one live socket', () => {
  it('counts error and pong frames toward its send budget, not only events', () => {
    const sock = fakeSocket();
    let cut = 0;
    const conn = new LiveConnection(sock as unknown as WebSocket, caller, limits, () => {
      cut += 1;
    });
    conn.send({ type: 'pong' });
    expect(sock.sent).toHaveLength(1);
    sock.bufferedAmount = 5000;
    conn.send({ type: 'error', statusCode: 400, message: 'That frame is not part of the live protocol.' });
    expect(sock.sent).toHaveLength(1);
    expect(sock.closedWith).toBe(SLOW_CONSUMER_CODE);
    expect(cut).toBe(1);
  });

  it('admits inbound frames up to its burst, then at its rate', () => {
    const conn = new LiveConnection(fakeSocket() as unknown as WebSocket, caller, limits, () => undefined);
    expect([1, 2, 3, 4].map(() => conn.admit())).toEqual([true, true, true, false]);
  });
});
