import type { LiveEvent, TopicFilter } from '@console/contracts';
import { create } from 'zustand';
import { type Counters, count, NO_COUNTS } from './counters.ts';
import type { LiveStatus } from './live-socket.ts';

/** What the stream box shows (seed 001 §9: stream log about 200 entries). */
export const STREAM_ENTRIES = 200;
/** What is kept for export and the summary: more than the box, still bounded. */
export const CAPTURE_LIMIT = 5000;

export type SummaryMode = 'auto' | 'on' | 'off';

export interface TopicView {
  status: LiveStatus;
  /** Set when the server said history moved on, refused the topic, or took it up again after a drop. */
  notice: { kind: 'reload' | 'error' | 'resumed'; message: string } | null;
  /** When the socket was lost while live (what is shown stops there), until it is live again. */
  interruptedAt: number | null;
  filter: TopicFilter;
  paused: boolean;
  /** Newest last; frozen while paused. */
  visible: LiveEvent[];
  /** Everything received since the last clear (bounded), newest last; captured even while paused. */
  captured: LiveEvent[];
  newWhilePaused: number;
  counters: Counters;
  /**
   * Recent live arrivals (history replayed on subscribing is not counted), for the sustained rate
   * that switches to the per-second summary.
   */
  arrivals: { at: number; n: number }[];
  summary: SummaryMode;
  /** Operations seen so far, offered by the operations filter. */
  operations: string[];
}

const fresh = (filter: TopicFilter = {}): TopicView => ({
  status: 'connecting',
  notice: null,
  interruptedAt: null,
  filter,
  paused: false,
  visible: [],
  captured: [],
  newWhilePaused: 0,
  counters: NO_COUNTS,
  arrivals: [],
  summary: 'auto',
  operations: [],
});

interface LiveState {
  topics: Record<string, TopicView>;
  /** `stored`: how many of `events` (the first ones) are replayed history rather than live arrivals. */
  receive(topic: string, events: LiveEvent[], stored?: number, now?: number): void;
  setStatus(topic: string, status: LiveStatus, now?: number): void;
  setNotice(topic: string, notice: TopicView['notice']): void;
  setPaused(topic: string, paused: boolean): void;
  setSummary(topic: string, summary: SummaryMode): void;
  /** Only records the filter; useLiveTopic re-subscribes with it. */
  setFilter(topic: string, filter: TopicFilter): void;
  /** Empties the captured events and counters (filter and pause stay). */
  clear(topic: string): void;
  /** A new filter or a reload: everything captured belongs to the old view. */
  reset(topic: string, filter?: TopicFilter): void;
}

/** How long live arrivals are kept: the sustained-rate check looks this far back. */
const ARRIVALS_KEPT_MS = 6000;

function arrivalsAfter(arrivals: TopicView['arrivals'], now: number, live: number): TopicView['arrivals'] {
  const kept = arrivals.filter((a) => a.at > now - ARRIVALS_KEPT_MS);
  return live > 0 ? [...kept, { at: now, n: live }] : kept;
}

/** Live-stream UI state per topic; server data stays in TanStack Query. */
export const useLiveStore = create<LiveState>()((set) => {
  const update = (topic: string, change: (v: TopicView) => Partial<TopicView>) =>
    set((s) => {
      const view = s.topics[topic] ?? fresh();
      return { topics: { ...s.topics, [topic]: { ...view, ...change(view) } } };
    });
  return {
    topics: {},
    receive: (topic, events, stored = 0, now = Date.now()) =>
      update(topic, (v) => {
        const captured = [...v.captured, ...events].slice(-CAPTURE_LIMIT);
        const seen = new Set(v.operations);
        for (const e of events) if (e.meta) seen.add(e.meta.operation);
        return {
          captured,
          visible: v.paused ? v.visible : captured.slice(-STREAM_ENTRIES),
          newWhilePaused: v.paused ? v.newWhilePaused + events.length : 0,
          counters: count(v.counters, events),
          arrivals: arrivalsAfter(v.arrivals, now, events.length - stored),
          operations: seen.size === v.operations.length ? v.operations : [...seen].sort(),
        };
      }),
    setStatus: (topic, status, now = Date.now()) =>
      update(topic, (v) => ({
        status,
        interruptedAt: status === 'reconnecting' ? (v.interruptedAt ?? now) : null,
        // A notice about the last connection (e.g. "resumed") means nothing once it is lost again.
        notice: status === 'reconnecting' && v.notice?.kind === 'resumed' ? null : v.notice,
      })),
    setNotice: (topic, notice) => update(topic, () => ({ notice })),
    setPaused: (topic, paused) =>
      update(topic, (v) => ({
        paused,
        newWhilePaused: 0,
        visible: paused ? v.visible : v.captured.slice(-STREAM_ENTRIES),
      })),
    setSummary: (topic, summary) => update(topic, () => ({ summary })),
    setFilter: (topic, filter) => update(topic, () => ({ filter })),
    clear: (topic) =>
      update(topic, () => ({
        captured: [],
        visible: [],
        newWhilePaused: 0,
        counters: NO_COUNTS,
        arrivals: [],
      })),
    reset: (topic, filter) =>
      update(topic, (v) => ({ ...fresh(filter ?? v.filter), status: v.status, summary: v.summary })),
  };
});
