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
 * resumes, and the entries that arrived since the last tick. The ring is bounded by a count and by
 * the bytes of its entries' JSON (whichever is reached first); an entry is held once, by reference,
 * however many watchers it went to.
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
  /** The ring: `slots[head…]` are held, oldest first; evicted slots are emptied, then compacted away. */
  private slots: (LiveEntry | undefined)[] = [];
  private head = 0;
  private bytes = 0;

  readonly key: string;
  readonly source: Source;
  private readonly ringSize: number;
  private readonly ringBytes: number;
  /** Reads the hub stream (hub and structure topics), counted by the live budget. */
  readonly usesStream: boolean;

  constructor(key: string, source: Source, ringSize: number, usesStream = false, ringBytes = Infinity) {
    this.key = key;
    this.source = source;
    this.ringSize = ringSize;
    this.ringBytes = ringBytes;
    this.usesStream = usesStream;
  }

  /** Entries held in the ring. */
  get size(): number {
    return this.slots.length - this.head;
  }

  /** Adds a live entry (in offset order; a repeat is ignored). */
  push(entry: LiveEntry): boolean {
    if (entry.offset <= this.lastOffset) return false;
    this.slots.push(entry);
    this.bytes += entry.json.length;
    this.pending.push(entry);
    this.lastOffset = entry.offset;
    this.trim();
    return true;
  }

  /** Seeds the ring with stored history, older than anything pushed live so far. */
  seed(history: LiveEntry[], liveFrom: number) {
    this.epoch = this.source.epoch;
    const older = history.filter((e) => e.offset < liveFrom);
    this.slots = [...older, ...this.held()];
    this.head = 0;
    this.bytes = this.slots.reduce((n, e) => n + (e?.json.length ?? 0), 0);
    this.lastOffset = Math.max(this.lastOffset, history.at(-1)?.offset ?? 0);
    this.coveredFrom = liveFrom;
    this.trim();
  }

  /** Entries after `after`, when the ring still holds all of them; otherwise null. */
  since(after: number): LiveEntry[] | null {
    if (after < this.coveredFrom - 1) return null;
    return this.held().filter((e) => e.offset > after);
  }

  /** The newest `count` entries the filter lets through, oldest first. */
  latest(count: number, filter: EntryFilter | null): LiveEntry[] {
    const out: LiveEntry[] = [];
    for (let i = this.slots.length - 1; i >= this.head && out.length < count; i--) {
      const e = this.slots[i] as LiveEntry;
      if (!filter || filter(e)) out.push(e);
    }
    return out.reverse();
  }

  private held(): LiveEntry[] {
    return this.slots.slice(this.head) as LiveEntry[];
  }

  /** Evicts the oldest entries over the count or the bytes (the newest one always stays). */
  private trim() {
    let dropped: LiveEntry | undefined;
    while (this.size > this.ringSize || (this.bytes > this.ringBytes && this.size > 1)) {
      dropped = this.slots[this.head] as LiveEntry;
      this.slots[this.head] = undefined;
      this.head += 1;
      this.bytes -= dropped.json.length;
    }
    if (dropped) this.coveredFrom = Math.max(this.coveredFrom, dropped.offset + 1);
    // Emptied slots are a pointer each; they are dropped once they outnumber the held ones.
    if (this.head > 64 && this.head >= this.size) {
      this.slots = this.slots.slice(this.head);
      this.head = 0;
    }
  }
}
