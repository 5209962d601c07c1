import type { LiveConnection } from './connection.ts';
import type { LiveEntry } from './entry.ts';
import type { EntryFilter } from './filter.ts';
import type { Source } from './sources/source.ts';

/** One browser's subscription to one topic on one socket. */
export interface Watcher {
  /** The topic name as the browser spelled it: frames carry it back. */
  readonly name: string;
  readonly filter: EntryFilter | null;
  readonly conn: LiveConnection;
  /** The last offset this watcher has been given (or skipped past); later entries only. */
  after: number;
  /** Reading history for a resume: the tick leaves it alone and the ring holds what arrives. */
  catchingUp: boolean;
}

/**
 * A topic shared by every watcher: one source, a ring of recent entries for back-fill and quick
 * resumes, and the entries that arrived since the last tick.
 */
export class Topic {
  epoch = '';
  lastOffset = 0;
  /** Every entry of this topic with an offset from here on is in the ring. */
  coveredFrom = Number.POSITIVE_INFINITY;
  readonly watchers = new Set<Watcher>();
  pending: LiveEntry[] = [];
  /** When this topic's last frames were written (performance.now()); the tick counts from here. */
  lastWrite = Number.NEGATIVE_INFINITY;
  ready: Promise<void> | null = null;
  lingerTimer: NodeJS.Timeout | null = null;
  private ring: LiveEntry[] = [];

  readonly key: string;
  readonly source: Source;
  private readonly ringSize: number;
  /** Reads the hub stream (hub and structure topics), counted by the live budget. */
  readonly usesStream: boolean;

  constructor(key: string, source: Source, ringSize: number, usesStream = false) {
    this.key = key;
    this.source = source;
    this.ringSize = ringSize;
    this.usesStream = usesStream;
  }

  /** Adds a live entry (in offset order; a repeat is ignored). */
  push(entry: LiveEntry): boolean {
    if (entry.offset <= this.lastOffset) return false;
    this.ring.push(entry);
    this.pending.push(entry);
    this.lastOffset = entry.offset;
    if (this.ring.length >= this.ringSize * 2) this.trim();
    return true;
  }

  /** Seeds the ring with stored history, older than anything pushed live so far. */
  seed(history: LiveEntry[], liveFrom: number) {
    this.epoch = this.source.epoch;
    this.ring = [...history.filter((e) => e.offset < liveFrom), ...this.ring];
    this.lastOffset = Math.max(this.lastOffset, history.at(-1)?.offset ?? 0);
    this.coveredFrom = liveFrom;
    this.trim();
  }

  /** Entries after `after`, when the ring still holds all of them; otherwise null. */
  since(after: number): LiveEntry[] | null {
    if (after < this.coveredFrom - 1) return null;
    return this.ring.filter((e) => e.offset > after);
  }

  /** The newest `count` entries the filter lets through, oldest first. */
  latest(count: number, filter: EntryFilter | null): LiveEntry[] {
    const out: LiveEntry[] = [];
    for (let i = this.ring.length - 1; i >= 0 && out.length < count; i--) {
      const e = this.ring[i] as LiveEntry;
      if (!filter || filter(e)) out.push(e);
    }
    return out.reverse();
  }

  private trim() {
    if (this.ring.length <= this.ringSize) return;
    const cut = this.ring.length - this.ringSize;
    const dropped = this.ring[cut - 1] as LiveEntry;
    this.ring = this.ring.slice(cut);
    this.coveredFrom = Math.max(this.coveredFrom, dropped.offset + 1);
  }
}
