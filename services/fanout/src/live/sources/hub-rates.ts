/** A hub and the messages a second it sent over the window. */
export interface HubRate {
  hubId: string;
  messagesPerSecond: number;
}

/**
 * Messages per hub over a sliding window of whole seconds, in a table of fixed size: `capacity`
 * hubs at most, each with one counter per second of the window (typed arrays allocated once), so
 * 10,000 quiet hubs cost no more than a few. A message from a hub not in the table takes a free
 * slot, or the slot of the hub with the fewest messages in the window (the least recently heard
 * of those): a busy hub, once it has sent more than the quietest hub in the table, stays; a hub
 * that loses its slot loses its count, so a rate is never more than the hub sent. A rate is the
 * window's messages over the window (over the seconds counted so far while the window is not yet
 * full). A slot whose window empties is freed. Nothing is allocated per message beyond the hub's
 * id that the caller passes.
 */
export class HubRates {
  private readonly slotOf = new Map<string, number>();
  private readonly hubs: (string | null)[];
  /** Messages per slot per second of the window: slot * windowS + second. */
  private readonly counts: Uint32Array;
  private readonly totals: Uint32Array;
  /** The last tick each slot's hub was heard. */
  private readonly heard: Uint32Array;
  private readonly free: number[] = [];
  private used = 0;
  private second = 0;
  private tickNo = 0;

  readonly capacity: number;
  readonly windowS: number;

  constructor(capacity = 256, windowS = 10) {
    if (capacity < 1 || windowS < 1) throw new Error('capacity and window must be at least 1');
    this.capacity = capacity;
    this.windowS = windowS;
    this.hubs = new Array<string | null>(capacity).fill(null);
    this.counts = new Uint32Array(capacity * windowS);
    this.totals = new Uint32Array(capacity);
    this.heard = new Uint32Array(capacity);
  }

  /** Hubs in the table now. */
  get size(): number {
    return this.slotOf.size;
  }

  /** One message from `hub`, in the current second. */
  add(hub: string): void {
    let slot = this.slotOf.get(hub);
    if (slot === undefined) slot = this.take(hub);
    const i = slot * this.windowS + this.second;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.totals[slot] = (this.totals[slot] ?? 0) + 1;
    this.heard[slot] = this.tickNo;
  }

  /**
   * Ends the current second: the `n` busiest hubs over the window (messages a second, to a tenth;
   * busiest first, then by id), and the window moves on by a second.
   */
  tick(n: number): HubRate[] {
    const seconds = Math.min(this.windowS, this.tickNo + 1);
    const all: HubRate[] = [];
    for (let s = 0; s < this.used; s++) {
      const hubId = this.hubs[s];
      const total = this.totals[s] ?? 0;
      if (hubId && total > 0) all.push({ hubId, messagesPerSecond: Math.round((total / seconds) * 10) / 10 });
    }
    const top = all
      .sort((a, b) => b.messagesPerSecond - a.messagesPerSecond || byId(a.hubId, b.hubId))
      .slice(0, n);
    this.tickNo += 1;
    this.second = (this.second + 1) % this.windowS;
    for (let s = 0; s < this.used; s++) {
      const hub = this.hubs[s];
      if (!hub) continue;
      const i = s * this.windowS + this.second;
      const left = (this.totals[s] ?? 0) - (this.counts[i] ?? 0);
      this.totals[s] = left;
      this.counts[i] = 0;
      if (left === 0) this.release(s, hub);
    }
    return top;
  }

  private take(hub: string): number {
    let slot = this.free.pop();
    if (slot === undefined && this.used < this.capacity) slot = this.used++;
    if (slot === undefined) {
      slot = this.quietest();
      this.slotOf.delete(this.hubs[slot] ?? '');
      this.counts.fill(0, slot * this.windowS, (slot + 1) * this.windowS);
      this.totals[slot] = 0;
    }
    this.hubs[slot] = hub;
    this.slotOf.set(hub, slot);
    return slot;
  }

  /** The slot with the fewest messages in the window; of those, the one heard least recently. */
  private quietest(): number {
    let best = 0;
    let bestTotal = this.totals[0] ?? 0;
    let bestHeard = this.heard[0] ?? 0;
    for (let s = 1; s < this.used; s++) {
      const total = this.totals[s] ?? 0;
      const heard = this.heard[s] ?? 0;
      if (total < bestTotal || (total === bestTotal && heard < bestHeard)) {
        best = s;
        bestTotal = total;
        bestHeard = heard;
      }
    }
    return best;
  }

  private release(slot: number, hub: string) {
    this.slotOf.delete(hub);
    this.hubs[slot] = null;
    this.free.push(slot);
  }
}

/** Ids in numeric order when they are digits (shorter first), without loading ICU's collation. */
function byId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The `index`th dot-separated token of `subject` (negative from the end), without splitting the
 * whole subject into an array.
 */
export function subjectToken(subject: string, index: number): string {
  if (index >= 0) {
    let start = 0;
    for (let i = 0; i < index; i++) {
      const dot = subject.indexOf('.', start);
      if (dot < 0) return '';
      start = dot + 1;
    }
    const end = subject.indexOf('.', start);
    return subject.slice(start, end < 0 ? subject.length : end);
  }
  let end = subject.length;
  for (let i = -1; i > index; i--) {
    const dot = subject.lastIndexOf('.', end - 1);
    if (dot < 0) return '';
    end = dot;
  }
  const dot = end > 0 ? subject.lastIndexOf('.', end - 1) : -1;
  return subject.slice(dot + 1, end);
}
