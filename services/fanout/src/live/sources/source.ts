import type { LiveEntry } from '../entry.ts';

export interface SourceHandlers {
  /** A live entry, in offset order. */
  entry(entry: LiveEntry): void;
  /** The source cannot go on (its history was reset or removed): watchers must reload. */
  fail(reason: string): void;
}

/** Where a topic's events come from: one NATS subscription or JetStream consumer per topic. */
export interface Source {
  /** Valid once `start` resolved. */
  readonly epoch: string;
  /**
   * Starts delivering live entries and resolves with recent history for the ring (oldest first)
   * and the first offset that will arrive live: from there on, nothing is missed.
   */
  start(handlers: SourceHandlers): Promise<{ history: LiveEntry[]; liveFrom: number }>;
  /**
   * Entries with offsets in (after, upTo], or null when part of that history is gone or too long
   * to replay. Sources without stored history have no replay.
   */
  replay?(after: number, upTo: number): Promise<LiveEntry[] | null>;
  stop(): Promise<void>;
}

/** A short random epoch for a source without stored history: it lives as long as its topic. */
export function ephemeralEpoch(): string {
  return `m${Math.random().toString(36).slice(2, 10)}`;
}
