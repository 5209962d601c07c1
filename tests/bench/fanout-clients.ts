/**
 * The three kinds of websocket client of the fan-out benchmark, doing the same work per event:
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
  readonly step: number;
  constructor(step: number) {
    this.step = step;
  }
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

/** A browser of the console: subscribes to one hub topic on the fan-out's /ws. */
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

/**
 * The Centrifuge peer (`infra/centrifuge-peer`): a minimal client of Centrifuge's JSON protocol
 * (a connect command, then a subscribe command once connected; replies and pushes arrive one JSON
 * object per line, several lines to a websocket message; an empty object is the server's ping,
 * answered with an empty object), subscribed to the channel named like the fan-out's topic.
 */
export function centrifugeClient(url: string, channel: string, tally: Tally): Promise<BenchClient> {
  const ws = new WebSocket(url, 'centrifuge-json');
  const client: BenchClient = { tally, closedWith: null, close: () => ws.terminate() };
  ws.on('close', (code) => {
    client.closedWith = code;
  });
  interface Reply {
    id?: number;
    error?: { code: number; message: string };
    connect?: object;
    subscribe?: object;
    push?: { channel?: string; pub?: { data: Stamp } };
  }
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, connect: { name: 'fanout-bench' } })));
    ws.on('message', (raw) => {
      for (const line of String(raw).split('\n')) {
        if (line === '') continue;
        const reply = JSON.parse(line) as Reply;
        if (reply.push?.pub) client.tally.note(reply.push.pub.data);
        else if (reply.error) reject(new Error(`centrifuge: ${reply.error.code} ${reply.error.message}`));
        else if (reply.id === 1) ws.send(JSON.stringify({ id: 2, subscribe: { channel } }));
        else if (reply.id === 2) resolve(client);
        else if (reply.id === undefined && !reply.push) ws.send('{}');
      }
    });
  });
}
