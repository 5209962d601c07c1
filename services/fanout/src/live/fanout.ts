import type { Caller, TopicFilter } from '@console/contracts';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { type BudgetLimits, LiveBudget, usesStream } from './budget.ts';
import {
  BROKER_AWAY_CODE,
  BROKER_AWAY_REASON,
  type ConnectionLimits,
  eventsFrame,
  LiveConnection,
  type PreparedFrame,
  prepareFrame,
} from './connection.ts';
import type { LiveEntry } from './entry.ts';
import { entryFilter } from './filter.ts';
import type { FanoutStats, LiveMetrics } from './metrics.ts';
import { Topic, type Watcher } from './shared-topic.ts';
import { HISTORY_MOVED_ON } from './sources/jetstream.ts';
import type { Source } from './sources/source.ts';
import type { TopicSpec } from './topics.ts';

export interface FanoutOptions extends ConnectionLimits, BudgetLimits {
  tickMs: number;
  backfill: number;
  ringSize: number;
  ringBytes?: number;
  lingerMs: number;
}

export interface Resume {
  epoch: string;
  offset: number;
}

/**
 * The live fan-out: topics shared by every socket that watches them (one source each,
 * reference-counted), events serialised once, and at most one `events` frame per topic per socket
 * per tick. The tick is a floor between one topic's writes, not a clock: an event that finds its
 * topic's last write more than a tick ago goes out on the next turn of the event loop (with
 * whatever arrived in the same turn), so a quiet topic is not delayed by half a tick on average,
 * while a busy one is still written once per tick.
 */
export class LiveFanout {
  readonly connections = new Set<LiveConnection>();
  private readonly topics = new Map<string, Topic>();
  private readonly dirty = new Set<Topic>();
  private flushTimer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private flushSoon: NodeJS.Immediate | null = null;
  private closed = false;
  private openSources = 0;
  private readonly budget: LiveBudget;

  private readonly makeSource: (spec: TopicSpec) => Source;
  private readonly opts: FanoutOptions;
  private readonly metrics: LiveMetrics;
  private readonly log: FastifyBaseLogger;

  constructor(
    makeSource: (spec: TopicSpec) => Source,
    opts: FanoutOptions,
    metrics: LiveMetrics,
    log: FastifyBaseLogger,
  ) {
    this.makeSource = makeSource;
    this.opts = opts;
    this.metrics = metrics;
    this.log = log;
    this.budget = new LiveBudget(opts);
  }

  /** Why this user may not open one more socket, or null. */
  socketRefusal(userId: string): string | null {
    return this.budget.socketRefusal(this.connections, userId);
  }

  stats(): FanoutStats {
    let watchers = 0;
    for (const t of this.topics.values()) watchers += t.watchers.size;
    return {
      sockets: this.connections.size,
      topics: this.topics.size,
      watchers,
      subscriptions: this.openSources,
    };
  }

  connect(socket: WebSocket, caller: Caller): LiveConnection {
    const conn = new LiveConnection(socket, caller, this.opts, (c, buffered) => {
      this.metrics.slowCuts.inc();
      this.log.warn({ userId: c.caller.userId, buffered }, 'live socket cut off: it fell behind');
      this.disconnect(c);
    });
    this.connections.add(conn);
    return conn;
  }

  disconnect(conn: LiveConnection) {
    for (const name of [...conn.watchers.keys()]) this.unsubscribe(conn, name);
    this.connections.delete(conn);
  }

  /** Subscribes (or re-subscribes with a new filter): back-fill or resume, then live events. */
  async subscribe(
    conn: LiveConnection,
    name: string,
    spec: TopicSpec,
    filter?: TopicFilter,
    resume?: Resume,
  ) {
    this.unsubscribe(conn, name);
    const refused = this.budget.topicRefusal(
      conn,
      spec,
      this.connections,
      this.topics,
      (t) => void this.drop(t),
    );
    if (refused) {
      if (refused.statusCode === 503)
        this.log.warn({ userId: conn.caller.userId }, 'live stream budget reached');
      return conn.send({ type: 'error', topic: name, ...refused });
    }
    const topic = this.acquire(spec);
    const watcher: Watcher = { name, filter: entryFilter(filter), conn, after: 0, catchingUp: true };
    topic.watchers.add(watcher);
    conn.watchers.set(name, { topicKey: topic.key, watcher });
    const current = () => !conn.closed && conn.watchers.get(name)?.watcher === watcher;
    const entries = await this.history(topic, watcher, resume).catch((err: Error) => {
      this.log.error({ err, topic: topic.key }, 'live topic could not start');
      if (current()) {
        this.unsubscribe(conn, name);
        conn.send({
          type: 'error',
          topic: name,
          statusCode: 503,
          message: 'Live history cannot be reached right now; try again shortly.',
        });
      }
      return undefined;
    });
    if (entries === undefined || !current()) return;
    if (entries === null) {
      this.unsubscribe(conn, name);
      this.metrics.reloads.inc();
      return conn.send({ type: 'reload', topic: name, reason: HISTORY_MOVED_ON });
    }
    watcher.after = Math.max(topic.lastOffset, resume?.offset ?? 0);
    watcher.catchingUp = false;
    conn.send({ type: 'subscribed', topic: name, position: { epoch: topic.epoch, offset: watcher.after } });
    if (entries.length > 0 && conn.sendEvents(eventsFrame(name, entries))) {
      this.metrics.eventsOut.inc(entries.length);
    }
  }

  unsubscribe(conn: LiveConnection, name: string) {
    const held = conn.watchers.get(name);
    if (!held) return;
    conn.watchers.delete(name);
    const topic = this.topics.get(held.topicKey);
    if (!topic) return;
    topic.watchers.delete(held.watcher);
    if (topic.watchers.size === 0) this.release(topic);
  }

  /**
   * Plans the next write of a topic: on the next turn of the event loop when its last write is a
   * tick old, else when its tick is up. One timer and one immediate serve every topic.
   */
  private schedule(topic: Topic) {
    if (this.closed) return;
    const due = topic.lastWrite + this.opts.tickMs;
    const now = performance.now();
    if (due <= now) {
      this.flushSoon ??= setImmediate(() => {
        this.flushSoon = null;
        this.flush();
      });
      return;
    }
    if (!this.flushTimer || due < this.timerDue) this.armTimer(due, now);
  }

  private armTimer(due: number, now: number) {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.timerDue = due;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = null;
        this.flush();
      },
      Math.max(1, due - now),
    );
  }

  /**
   * Writes each due topic's new events: one frame per topic per socket, framed once and shared by
   * every unfiltered watcher; then one write per socket for all its topics. The others wait their tick.
   */
  flush() {
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    const touched: LiveConnection[] = [];
    for (const topic of this.dirty) {
      const due = topic.lastWrite + this.opts.tickMs;
      if (due > now + 1) {
        next = Math.min(next, due);
        continue;
      }
      this.dirty.delete(topic);
      topic.lastWrite = now;
      const entries = topic.pending;
      topic.pending = [];
      const first = entries[0]?.offset;
      const last = entries.at(-1)?.offset;
      if (first === undefined || last === undefined) continue;
      // Shared by the unfiltered watchers that use the same topic name (nearly always all of them).
      let shared: { name: string; frame: PreparedFrame } | undefined;
      for (const w of topic.watchers) {
        if (w.catchingUp || w.conn.closed) continue;
        let frame: PreparedFrame;
        if (!w.filter && w.after < first) {
          if (shared?.name !== w.name)
            shared = { name: w.name, frame: prepareFrame(eventsFrame(w.name, entries), entries.length) };
          frame = shared.frame;
        } else {
          const picked = entries.filter((e) => e.offset > w.after && (!w.filter || w.filter(e)));
          w.after = Math.max(w.after, last);
          if (picked.length === 0) continue;
          frame = prepareFrame(eventsFrame(w.name, picked), picked.length);
        }
        w.after = Math.max(w.after, last);
        if (w.conn.enqueue(frame)) touched.push(w.conn);
      }
    }
    let events = 0;
    let frames = 0;
    let bytes = 0;
    for (const conn of touched) {
      for (const f of conn.flushOut()) {
        events += f.count;
        frames += 1;
        bytes += f.payload.length;
      }
    }
    if (frames > 0) {
      this.metrics.eventsOut.inc(events);
      this.metrics.framesOut.inc(frames);
      this.metrics.bytesOut.inc(bytes);
    }
    if (next !== Number.POSITIVE_INFINITY && !this.closed) this.armTimer(next, now);
  }

  /** Set while the broker is away: sockets are closed and new ones refused (`BROKER_AWAY_CODE`). */
  brokerAway = false;

  /**
   * The broker link dropped: every socket is closed, so each browser says it is reconnecting
   * instead of showing a quiet stream as live, and resumes from its (epoch, offset) once the
   * broker is back and its socket is let in again; every topic is dropped with its source.
   */
  brokerLost() {
    this.brokerAway = true;
    for (const conn of this.connections) conn.close(BROKER_AWAY_CODE, BROKER_AWAY_REASON);
    // Their sources missed whatever came while the link was down: none lingers to be reused, so a
    // browser that comes back resumes from the stream (or is told to reload), never over a gap.
    for (const topic of [...this.topics.values()]) void this.drop(topic);
  }

  brokerBack() {
    this.brokerAway = false;
  }

  async close() {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.flushSoon) clearImmediate(this.flushSoon);
    for (const conn of this.connections) conn.close(1001, 'The console server is restarting.');
    await Promise.all([...this.topics.values()].map((t) => this.drop(t)));
  }

  /** History for a new watcher: back-fill, or what it missed; null when it must reload. */
  private async history(topic: Topic, watcher: Watcher, resume?: Resume): Promise<LiveEntry[] | null> {
    await topic.ready;
    const keep = (list: LiveEntry[]) => (watcher.filter ? list.filter(watcher.filter) : list);
    if (!resume) return topic.latest(this.opts.backfill, watcher.filter);
    if (resume.epoch !== topic.epoch) return null;
    const recent = topic.since(resume.offset);
    if (recent) return keep(recent);
    if (!topic.source.replay) return null;
    const upTo = topic.lastOffset;
    const stored = await topic.source.replay(resume.offset, upTo);
    const rest = stored && topic.since(upTo);
    return stored && rest ? keep([...stored, ...rest]) : null;
  }

  private acquire(spec: TopicSpec): Topic {
    const existing = this.topics.get(spec.key);
    if (existing) {
      if (existing.lingerTimer) clearTimeout(existing.lingerTimer);
      existing.lingerTimer = null;
      return existing;
    }
    const topic = new Topic(
      spec.key,
      this.makeSource(spec),
      this.opts.ringSize,
      usesStream(spec),
      this.opts.ringBytes,
    );
    this.topics.set(spec.key, topic);
    this.openSources += 1;
    topic.ready = topic.source
      .start({ entry: (e) => this.arrive(topic, e), fail: (reason) => this.fail(topic, reason) })
      .then(({ history, liveFrom }) => topic.seed(history, liveFrom));
    topic.ready.catch(() => void this.drop(topic));
    return topic;
  }

  private arrive(topic: Topic, entry: LiveEntry) {
    if (!topic.push(entry)) return;
    this.metrics.eventsIn.inc({ kind: entry.kind });
    if (entry.malformed) this.metrics.malformed.inc();
    this.dirty.add(topic);
    this.schedule(topic);
  }

  /** The source gave up (its history was replaced): every watcher is told to reload. */
  private fail(topic: Topic, reason: string) {
    if (this.topics.get(topic.key) !== topic) return;
    this.log.warn({ topic: topic.key, reason }, 'live topic reset');
    for (const w of topic.watchers) {
      if (w.conn.watchers.get(w.name)?.watcher === w) w.conn.watchers.delete(w.name);
      this.metrics.reloads.inc();
      w.conn.send({ type: 'reload', topic: w.name, reason });
    }
    void this.drop(topic);
  }

  /** Last watcher gone: the source closes after a short linger, so a quick re-subscribe reuses it. */
  private release(topic: Topic) {
    if (topic.lingerTimer) return;
    topic.lingerTimer = setTimeout(() => {
      topic.lingerTimer = null;
      if (topic.watchers.size === 0) void this.drop(topic);
    }, this.opts.lingerMs);
  }

  private async drop(topic: Topic) {
    if (this.topics.get(topic.key) !== topic) return;
    this.topics.delete(topic.key);
    this.dirty.delete(topic);
    if (topic.lingerTimer) clearTimeout(topic.lingerTimer);
    topic.watchers.clear();
    this.openSources -= 1;
    await topic.source
      .stop()
      .catch((err: Error) => this.log.warn({ err }, 'live source did not stop cleanly'));
  }
}
