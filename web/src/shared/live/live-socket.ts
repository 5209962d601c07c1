import type { LiveEvent, ServerFrame, TopicFilter } from '@console/contracts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

export interface TopicListener {
  /**
   * New events, oldest first. `stored` of them (the first ones) are history the server replayed on
   * (re)subscribing (back-fill or what a resume missed), not messages arriving now.
   */
  events(events: LiveEvent[], stored: number): void;
  status(status: LiveStatus): void;
  /** History moved on: the panel must offer a reload (never a silent gap). */
  reload(reason: string): void;
  error(statusCode: number, message: string): void;
  /**
   * The socket came back after `downMs` and the server took the topic up again from where this
   * panel stood (its history still held everything since): nothing was missed.
   */
  resumed?(downMs: number): void;
}

type Position = { epoch: string; offset: number };

interface Subscription {
  filter: TopicFilter;
  hubs?: string[];
  listener: TopicListener;
  /** The last event received. */
  seen: Position | null;
  /** Where the server said the topic stood when it (re)subscribed us: a resume point even if the
   * filter let nothing through since. */
  base: Position | null;
  /** Set while re-subscribing after the socket was down: how long it was down. */
  resumingAfter: number | null;
}

/** Where to resume from: the later of the two, within one epoch. */
function resumeFrom({ seen, base }: Subscription): Position | null {
  if (!seen) return base;
  if (!base || base.epoch !== seen.epoch) return seen;
  return base.offset > seen.offset ? base : seen;
}

/**
 * How many of `events` (oldest first) the server replayed as history: those at or before where it
 * said the topic stood when it subscribed us. Everything after that arrived live.
 */
export function storedCount(events: readonly LiveEvent[], base: Position | null): number {
  if (!base) return 0;
  let n = 0;
  for (const e of events) {
    if (e.epoch !== base.epoch || e.offset > base.offset) break;
    n += 1;
  }
  return n;
}

const MAX_BACKOFF_MS = 15_000;
/** The gateway's close code while its broker is away or not answering (services/gateway live). */
const BROKER_AWAY_CODE = 1013;
const BROKER_AWAY_RETRY_MS = 1000;

/**
 * The browser's one live socket, shared by every panel. It connects while some panel watches a
 * topic, re-subscribes after a reconnect from each topic's last (epoch, offset), and backs off
 * exponentially (with jitter) while the server cannot be reached.
 */
export class LiveSocket {
  private ws: WebSocket | null = null;
  private readonly topics = new Map<string, Subscription>();
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private status: LiveStatus = 'connecting';
  /** When the socket was lost (it was open before), until it is back. */
  private downSince: number | null = null;

  constructor(private readonly url: string) {}

  /** Watches a topic; the returned function stops watching. One listener per topic. */
  watch(topic: string, filter: TopicFilter, listener: TopicListener, hubs?: string[]): () => void {
    this.topics.set(topic, { filter, hubs, listener, seen: null, base: null, resumingAfter: null });
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    listener.status(this.status);
    if (this.ws?.readyState === WebSocket.OPEN) this.subscribe(topic);
    else this.connect();
    return () => {
      if (this.topics.get(topic)?.listener !== listener) return;
      this.topics.delete(topic);
      this.send({ type: 'unsubscribe', topic });
      // A panel changing its filter or remounting comes straight back: keep the socket a moment.
      if (this.topics.size === 0 && !this.idle) {
        this.idle = setTimeout(() => {
          this.idle = null;
          if (this.topics.size === 0) this.disconnect();
        }, 2000);
      }
    };
  }

  /** Starts the topic afresh (after `reload`, or with a new filter): back-fill, no resume. */
  restart(topic: string, filter?: TopicFilter) {
    const sub = this.topics.get(topic);
    if (!sub) return;
    if (filter) sub.filter = filter;
    sub.seen = null;
    sub.base = null;
    this.subscribe(topic);
  }

  private connect() {
    if (this.ws || this.retry) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onmessage = (m) => this.receive(JSON.parse(String(m.data)) as ServerFrame);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.keepAlive) clearInterval(this.keepAlive);
      if (this.topics.size === 0) return;
      if (e.code === 4401) return this.setStatus('signed-out');
      if (this.status === 'live') this.downSince = Date.now();
      this.setStatus('reconnecting');
      // 1013: the console server is up but its broker is away: refusing is cheap, and a steady
      // retry each second lets the panels recover within a second or so of the broker's return.
      const delay =
        e.code === BROKER_AWAY_CODE
          ? BROKER_AWAY_RETRY_MS
          : Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      if (e.code !== BROKER_AWAY_CODE) this.attempt += 1;
      this.retry = setTimeout(() => {
        this.retry = null;
        this.connect();
      }, delay);
    };
  }

  private disconnect() {
    if (this.retry) clearTimeout(this.retry);
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.retry = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  private receive(frame: ServerFrame) {
    if (frame.type === 'hello') {
      this.attempt = 0;
      this.setStatus('live');
      // Proxies drop idle sockets; a ping every 25 s keeps this one open.
      this.keepAlive = setInterval(() => this.send({ type: 'ping' }), 25_000);
      const downMs = this.downSince === null ? null : Date.now() - this.downSince;
      this.downSince = null;
      for (const [topic, sub] of this.topics) {
        sub.resumingAfter = downMs;
        this.subscribe(topic);
      }
      return;
    }
    if (frame.type === 'pong') return;
    const sub = frame.topic === undefined ? undefined : this.topics.get(frame.topic);
    if (!sub) return;
    if (frame.type === 'subscribed') {
      sub.base = frame.position ?? null;
      const downMs = sub.resumingAfter;
      sub.resumingAfter = null;
      if (downMs !== null) sub.listener.resumed?.(downMs);
    } else if (frame.type === 'events') {
      const { seen } = sub;
      const fresh = frame.events.filter((e) => !seen || e.epoch !== seen.epoch || e.offset > seen.offset);
      const last = frame.events.at(-1);
      if (last) sub.seen = { epoch: last.epoch, offset: last.offset };
      if (fresh.length > 0) sub.listener.events(fresh, storedCount(fresh, sub.base));
    } else if (frame.type === 'reload') {
      sub.resumingAfter = null;
      sub.seen = null;
      sub.base = null;
      sub.listener.reload(frame.reason);
    } else if (frame.type === 'error') {
      sub.resumingAfter = null;
      sub.listener.error(frame.statusCode, frame.message);
    }
  }

  private subscribe(topic: string) {
    const sub = this.topics.get(topic);
    if (!sub) return;
    const { filter, hubs } = sub;
    const position = resumeFrom(sub);
    this.send({
      type: 'subscribe',
      topic,
      filter,
      ...(hubs ? { hubs } : {}),
      ...(position ? { resume: position } : {}),
    });
  }

  private send(frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private setStatus(status: LiveStatus) {
    this.status = status;
    for (const sub of this.topics.values()) sub.listener.status(status);
  }
}

let shared: LiveSocket | null = null;

/** The page's live socket, made on first use (same origin as the console). */
export function liveSocket(): LiveSocket {
  if (!shared) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    shared = new LiveSocket(`${scheme}://${window.location.host}/ws`);
  }
  return shared;
}
