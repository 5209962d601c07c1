import type { WebSocket } from '@fastify/websocket';
import { describe, expect, it } from 'vitest';
import { LiveConnection, prepareFrame, rawSocket, SLOW_CONSUMER_CODE } from './connection.ts';

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
    sent: [] as (string | Buffer)[],
    closedWith: null as number | null,
    send(t: string | Buffer) {
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

describe('a prepared frame', () => {
  /** Reads a server (unmasked) websocket text frame back: opcode, length and payload. */
  function readFrame(wire: Buffer) {
    const len7 = (wire[1] ?? 0) & 0x7f;
    const [length, head] =
      len7 === 126
        ? [wire.readUInt16BE(2), 4]
        : len7 === 127
          ? [Number(wire.readBigUInt64BE(2)), 10]
          : [len7, 2];
    return {
      fin: ((wire[0] ?? 0) & 0x80) !== 0,
      opcode: (wire[0] ?? 0) & 0x0f,
      length,
      text: wire.subarray(head).toString(),
    };
  }

  it('is one unmasked text frame with the 7-, 16- or 64-bit length its size needs', async () => {
    const { prepareFrame } = await import('./connection.ts');
    for (const size of [0, 125, 126, 65_535, 65_536, 70_000]) {
      const json = `"${'é'.repeat(Math.floor(Math.max(0, size - 2) / 2))}${size % 2 ? 'x' : ''}"`;
      const f = prepareFrame(json, 1);
      const back = readFrame(f.wire);
      expect(back).toMatchObject({ fin: true, opcode: 1, length: Buffer.byteLength(json), text: json });
      expect(f.payload.toString()).toBe(json);
    }
  });

  it('is written once per tick per socket, and not at all to a socket over its budget', async () => {
    const { prepareFrame } = await import('./connection.ts');
    const sock = fakeSocket();
    let cut = 0;
    const conn = new LiveConnection(sock as unknown as WebSocket, caller, limits, () => {
      cut += 1;
    });
    const a = prepareFrame('{"a":1}', 1);
    const b = prepareFrame('{"b":2}', 2);
    expect(conn.enqueue(a)).toBe(true);
    expect(conn.enqueue(b)).toBe(false);
    expect(conn.flushOut().map((f) => f.count)).toEqual([1, 2]);
    expect(sock.sent.map(String)).toEqual(['{"a":1}', '{"b":2}']);
    sock.bufferedAmount = 5000;
    conn.enqueue(a);
    expect(conn.flushOut()).toEqual([]);
    expect(sock.sent).toHaveLength(2);
    expect(cut).toBe(1);
    expect(sock.closedWith).toBe(SLOW_CONSUMER_CODE);
  });
});

describe('prepared frames on a real ws socket', () => {
  it('go straight to its TCP socket, in order with ws’s own frames (fails if ws’s internals move)', async () => {
    const { WebSocketServer, WebSocket: Client } = await import('ws');
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const port = await new Promise<number>((resolve) =>
      server.on('listening', () => resolve((server.address() as { port: number }).port)),
    );
    const accepted = new Promise<WebSocket>((resolve) =>
      server.on('connection', (s) => resolve(s as unknown as WebSocket)),
    );
    const client = new Client(`ws://127.0.0.1:${port}`);
    const got: string[] = [];
    const pinged = new Promise<void>((resolve) => client.on('ping', () => resolve()));
    client.on('message', (m) => got.push(String(m)));
    try {
      const sock = await accepted;
      expect(rawSocket(sock), 'ws 8’s _socket/_sender, read by the direct path').not.toBeNull();
      const conn = new LiveConnection(
        sock,
        caller,
        { ...limits, maxBufferedBytes: 1 << 20 },
        () => undefined,
      );
      conn.enqueue(prepareFrame('{"n":1}', 1));
      conn.enqueue(prepareFrame('{"n":"é ✓"}', 1));
      expect(conn.flushOut()).toHaveLength(2);
      sock.ping();
      conn.send({ type: 'pong' });
      conn.enqueue(prepareFrame('{"n":3}', 1));
      conn.flushOut();
      await pinged;
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`only ${got.length} messages: ${got.join(' ')}`)), 5000);
        const check = () => {
          if (got.length < 4) return void setTimeout(check, 10);
          clearTimeout(t);
          resolve();
        };
        check();
      });
      expect(got).toEqual(['{"n":1}', '{"n":"é ✓"}', '{"type":"pong"}', '{"n":3}']);
    } finally {
      client.terminate();
      await new Promise((r) => server.close(r));
    }
  });
});
