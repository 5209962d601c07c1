import type { Duplex } from 'node:stream';
import type { Caller, ServerFrame } from '@console/contracts';
import type { WebSocket } from '@fastify/websocket';
import type { LiveEntry } from './entry.ts';
import type { Watcher } from './shared-topic.ts';
import { TokenBucket } from './token-bucket.ts';

export const SLOW_CONSUMER_CODE = 4008;
export const SLOW_CONSUMER_REASON = 'Too slow for the live stream; reconnect to resume.';

export const FLOOD_CODE = 4029;
/** The broker is away: nothing can arrive, so no socket stays open looking live (1013: try again later). */
export const BROKER_AWAY_CODE = 1013;
export const BROKER_AWAY_REASON =
  'The message broker cannot be reached; the live stream resumes when it is back.';
export const FLOOD_REASON = 'Too many frames; slow down and reconnect.';

export interface ConnectionLimits {
  /** Bytes queued for the socket (ws bufferedAmount) above which the socket is cut off. */
  maxBufferedBytes: number;
  /** Frames a socket may send per second on average, and in one burst. */
  inboundPerSecond: number;
  inboundBurst: number;
}

/**
 * One browser socket. Frames are written straight to the socket; what the socket has not yet
 * handed to the kernel counts against the limit, checked before *every* frame (events, errors,
 * pongs alike), so a browser that stops reading costs at most about the limit before it is cut
 * off. What it sends is metered too: a token bucket, and the socket is closed (4029) when empty.
 */
export class LiveConnection {
  readonly watchers = new Map<string, { topicKey: string; watcher: Watcher }>();
  /** Frames of this socket are handled one after another (a subscribe may wait for history). */
  queue: Promise<unknown> = Promise.resolve();
  closed = false;

  readonly socket: WebSocket;
  caller: Caller;
  private readonly limits: ConnectionLimits;
  private readonly onCut: (conn: LiveConnection, buffered: number) => void;

  constructor(
    socket: WebSocket,
    caller: Caller,
    limits: ConnectionLimits,
    onCut: (conn: LiveConnection, buffered: number) => void,
  ) {
    this.socket = socket;
    this.caller = caller;
    this.limits = limits;
    this.onCut = onCut;
    this.inbound = new TokenBucket(limits.inboundPerSecond, limits.inboundBurst);
  }

  private readonly inbound: TokenBucket;

  send(frame: ServerFrame) {
    this.sendEvents(JSON.stringify(frame));
  }

  /** A frame already serialised (`eventsFrame`); false if the socket was cut off instead. */
  sendEvents(frame: string): boolean {
    if (this.closed) return false;
    const buffered = this.socket.bufferedAmount;
    if (buffered > this.limits.maxBufferedBytes) {
      this.cut(buffered);
      return false;
    }
    this.write(frame);
    return true;
  }

  /** Takes one inbound frame from the bucket; false when the socket is over its rate. */
  admit(): boolean {
    return this.inbound.take();
  }

  /** Closes for abuse and stops reading: frames already received are not even parsed. */
  closeForAbuse(code: number, reason: string) {
    if (this.closed) return;
    this.close(code, reason);
    this.socket.pause();
    // A peer that does not read will not finish the close handshake either.
    setTimeout(() => this.socket.terminate(), 1000).unref();
  }

  close(code: number, reason: string) {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
  }

  private write(text: string) {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(text);
  }

  /** Frames queued by the fan-out's tick, written together by `flushOut`. */
  private outbox: PreparedFrame[] = [];

  /** Queues a prepared frame for this tick's write; true when it is the first one queued. */
  enqueue(frame: PreparedFrame): boolean {
    this.outbox.push(frame);
    return this.outbox.length === 1;
  }

  /**
   * Writes what the tick queued: one write for all of this socket's topics (corked when more than
   * one), after one check of what the socket has not yet handed to the kernel. Returns the frames
   * written (none if the socket was cut off or closed).
   */
  flushOut(): readonly PreparedFrame[] {
    const frames = this.outbox;
    if (frames.length === 0) return frames;
    this.outbox = [];
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return [];
    const buffered = this.socket.bufferedAmount;
    if (buffered > this.limits.maxBufferedBytes) {
      this.cut(buffered);
      return [];
    }
    const raw = rawSocket(this.socket);
    if (!raw) {
      for (const f of frames) this.socket.send(f.payload);
      return frames;
    }
    if (frames.length === 1) {
      raw.write((frames[0] as PreparedFrame).wire);
      return frames;
    }
    raw.cork();
    for (const f of frames) raw.write(f.wire);
    raw.uncork();
    return frames;
  }

  private cut(buffered: number) {
    this.onCut(this, buffered);
    // The close frame queues behind what is buffered; ws destroys the socket if the close
    // handshake has not finished within its close timeout, so the memory is bounded either way.
    this.close(SLOW_CONSUMER_CODE, SLOW_CONSUMER_REASON);
  }
}

/**
 * A text message framed once for every socket it goes to: `wire` is the websocket frame (server
 * frames are not masked, so the bytes are the same for every socket), `payload` the JSON in it.
 */
export interface PreparedFrame {
  readonly wire: Buffer;
  readonly payload: Buffer;
  /** Events in it. */
  readonly count: number;
}

export function prepareFrame(json: string, count: number): PreparedFrame {
  const length = Buffer.byteLength(json);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + length);
  wire[0] = 0x81; // FIN, text
  if (head === 2) wire[1] = length;
  else if (head === 4) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    wire.writeUInt32BE(length >>> 0, 6);
  }
  wire.write(json, head, 'utf8');
  return { wire, payload: wire.subarray(head), count };
}

/** What of ws's internals the prepared-frame path reads (ws 8). */
interface WsInternals {
  _socket?: Duplex | null;
  _sender?: { _state?: unknown; _queue?: unknown[] } | null;
}

/**
 * The TCP socket under a ws socket, when a prepared frame may be written to it directly: ws's
 * sender writes synchronously and holds nothing back (state 0, empty queue: no compression or
 * Blob in progress), so a direct write lands in order with ws's own frames (control frames, the
 * close) and counts in `bufferedAmount` like them. Anything else (another ws, a stand-in socket)
 * gets `send`, which frames the bytes itself.
 */
export function rawSocket(socket: WebSocket): Duplex | null {
  const ws = socket as unknown as WsInternals;
  const sender = ws._sender;
  const tcp = ws._socket;
  if (!tcp?.writable || !sender || sender._state !== 0 || sender._queue?.length !== 0) return null;
  return tcp;
}

/** The `events` frame around already serialised events: nothing is stringified twice. */
export function eventsFrame(topic: string, entries: readonly LiveEntry[]): string {
  let joined = '';
  for (const e of entries) joined = joined ? `${joined},${e.json}` : e.json;
  return `{"type":"events","topic":${JSON.stringify(topic)},"events":[${joined}]}`;
}
