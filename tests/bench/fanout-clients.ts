/**
 * The two kinds of websocket client of the fan-out benchmark, doing the same work per event:
 * parse it, check which step it belongs to, and note its end-to-end latency.
 */
import WebSocket from 'ws';

export const now = () => performance.timeOrigin + performance.now();

/** What the publisher puts in each hub message, beside the envelope. */
export interface Stamp {
  step: number;
  sentAt: number;
}

export class Tally {
  received = 0;
  latencies: number[] = [];
  constructor(readonly step: number) {}
  note(stamp: Stamp) {
    if (stamp.step !== this.step) return;
    this.received += 1;
    this.latencies.push(now() - stamp.sentAt);
  }
}

export interface BenchClient {
  tally: Tally;
  closedWith: number | null;
  close(): void;
}

/** A browser of the console: subscribes to one hub topic on the gateway's /ws. */
export function gatewayClient(
  url: string,
  cookie: string,
  topic: string,
  tally: Tally,
): Promise<BenchClient> {
  const ws = new WebSocket(url, { headers: { cookie } });
  const client: BenchClient = { tally, closedWith: null, close: () => ws.terminate() };
  ws.on('close', (code) => {
    client.closedWith = code;
  });
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic })));
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; events?: { data: Stamp }[] };
      if (frame.type === 'subscribed') resolve(client);
      if (frame.type === 'events') for (const e of frame.events ?? []) client.tally.note(e.data);
    });
  });
}

/**
 * The floor: a minimal NATS client over nats-server's own websocket listener (CONNECT, SUB, PONG
 * and MSG parsing, nothing else), subscribed to the same hub subjects.
 */
export function natsWsClient(url: string, subject: string, tally: Tally): Promise<BenchClient> {
  const ws = new WebSocket(url);
  const client: BenchClient = { tally, closedWith: null, close: () => ws.terminate() };
  let pending: Buffer = Buffer.alloc(0);
  ws.on('close', (code) => {
    client.closedWith = code;
  });
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const eol = pending.indexOf('\r\n');
        if (eol < 0) return;
        const line = pending.toString('latin1', 0, eol);
        if (line.startsWith('MSG ')) {
          const size = Number(line.slice(line.lastIndexOf(' ') + 1));
          if (pending.length < eol + 2 + size + 2) return;
          client.tally.note(JSON.parse(pending.toString('utf8', eol + 2, eol + 2 + size)));
          pending = pending.subarray(eol + 2 + size + 2);
          continue;
        }
        pending = pending.subarray(eol + 2);
        if (line.startsWith('INFO ')) {
          ws.send(`CONNECT {"verbose":false,"pedantic":false,"protocol":1}\r\nSUB ${subject} 1\r\nPING\r\n`);
        } else if (line === 'PING') ws.send('PONG\r\n');
        else if (line === 'PONG') resolve(client);
      }
    });
  });
}
