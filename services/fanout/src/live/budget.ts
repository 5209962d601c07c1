import type { LiveConnection } from './connection.ts';
import type { Topic } from './shared-topic.ts';
import type { TopicSpec } from './topics.ts';

export interface BudgetLimits {
  maxTopicsPerSocket: number;
  maxTopicsPerUser: number;
  maxSocketsPerUser: number;
  /** JetStream-backed topics (one consumer each) this fan-out instance may hold at once, for everyone. */
  maxStreamTopics: number;
}

export const TOO_MANY_TOPICS = 'Too many live topics at once.';
export const TOO_MANY_USER_TOPICS = 'Too many live topics open for your user; close some panels.';
export const AT_CAPACITY = 'Live monitoring is at capacity right now; try again shortly.';
export const TOO_MANY_SOCKETS = 'Too many live connections for your user; close some tabs.';

/** Hub and structure topics each listen to the stream's re-publication and read its history; the rest are plain subscriptions. */
export const usesStream = (spec: TopicSpec) => spec.kind === 'hub' || spec.kind === 'structure';

/**
 * What one user may hold of the shared live resources. Every topic counts against its socket and
 * its user (distinct topics across the user's sockets); stream topics also count against a budget
 * for the whole instance, kept well above one user's share (the config requires it), so no single
 * user can take every consumer. A lingering topic (no watcher, kept a moment for quick re-use)
 * gives its place up when the budget is reached.
 */
export class LiveBudget {
  private readonly limits: BudgetLimits;

  constructor(limits: BudgetLimits) {
    this.limits = limits;
    if (limits.maxTopicsPerUser * 2 > limits.maxStreamTopics)
      throw new Error('LIVE_MAX_STREAM_TOPICS must be at least twice LIVE_MAX_TOPICS_PER_USER');
  }

  socketRefusal(connections: Iterable<LiveConnection>, userId: string): string | null {
    let n = 0;
    for (const c of connections) if (c.caller.userId === userId && !c.closed) n += 1;
    return n > this.limits.maxSocketsPerUser ? TOO_MANY_SOCKETS : null;
  }

  /** Null when the socket may watch the topic, else the status and message of the refusal. */
  topicRefusal(
    conn: LiveConnection,
    spec: TopicSpec,
    connections: Iterable<LiveConnection>,
    topics: Map<string, Topic>,
    evict: (topic: Topic) => void,
  ): { statusCode: number; message: string } | null {
    if (conn.watchers.size >= this.limits.maxTopicsPerSocket)
      return { statusCode: 429, message: TOO_MANY_TOPICS };
    const mine = new Set<string>();
    for (const c of connections) {
      if (c.caller.userId !== conn.caller.userId) continue;
      for (const held of c.watchers.values()) mine.add(held.topicKey);
    }
    if (!mine.has(spec.key) && mine.size >= this.limits.maxTopicsPerUser)
      return { statusCode: 429, message: TOO_MANY_USER_TOPICS };
    if (!usesStream(spec) || topics.has(spec.key)) return null;
    let streamTopics = 0;
    let idle: Topic | null = null;
    for (const t of topics.values()) {
      if (!t.usesStream) continue;
      streamTopics += 1;
      if (!idle && t.watchers.size === 0) idle = t;
    }
    if (streamTopics < this.limits.maxStreamTopics) return null;
    if (idle) {
      evict(idle);
      return null;
    }
    return { statusCode: 503, message: AT_CAPACITY };
  }
}
