import type { LiveEvent } from '@console/contracts';

export interface SummaryRow {
  /** class.operation */
  key: string;
  /** Counts per second, oldest first, one per second of `seconds`. */
  perSecond: number[];
  total: number;
}

/**
 * Counts per class.operation for each of the last `span` whole seconds before `nowMs` (by the
 * time each event was published), busiest first: what a person can read when the raw stream is
 * too fast.
 */
export function summarise(
  events: readonly LiveEvent[],
  nowMs: number,
  span = 5,
): { seconds: number[]; rows: SummaryRow[] } {
  const last = Math.floor(nowMs / 1000);
  const seconds = Array.from({ length: span }, (_, i) => last - span + 1 + i);
  const rows = new Map<string, SummaryRow>();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as LiveEvent;
    const sec = Math.floor(e.at / 1000);
    const slot = sec - (last - span + 1);
    if (slot < 0) {
      if (sec < last - span - 10) break; // events are in arrival order; far older ones end the scan
      continue;
    }
    if (slot >= span) continue;
    const key = e.meta ? `${e.meta.class}.${e.meta.operation}` : (e.kind ?? 'other');
    const row = rows.get(key) ?? { key, perSecond: Array(span).fill(0), total: 0 };
    row.perSecond[slot] = (row.perSecond[slot] ?? 0) + 1;
    row.total += 1;
    rows.set(key, row);
  }
  return {
    seconds,
    rows: [...rows.values()].sort((a, b) => b.total - a.total || a.key.localeCompare(b.key)),
  };
}

/** Events per second over the last `windowMs` of arrivals. */
export function rate(arrivals: readonly { at: number; n: number }[], nowMs: number, windowMs = 2000): number {
  let n = 0;
  for (const a of arrivals) if (a.at > nowMs - windowMs) n += a.n;
  return n / (windowMs / 1000);
}

/** Whole seconds the live rate must stay above the threshold before the summary takes over. */
export const SUSTAINED_SECONDS = 3;

/**
 * Whether the monitor should show the per-second summary by itself (summary 'auto'): a live rate
 * above `threshold` in each of the last `SUSTAINED_SECONDS` whole seconds switches it on (a single
 * burst, e.g. history replayed on opening, does not); once on, it stays on until the rate over
 * the last two seconds falls to half the threshold, so a rate hovering at the line does not flicker.
 */
export function autoSummary(
  wasOn: boolean,
  arrivals: readonly { at: number; n: number }[],
  nowMs: number,
  threshold: number,
): boolean {
  if (wasOn) return rate(arrivals, nowMs) > threshold / 2;
  for (let s = 0; s < SUSTAINED_SECONDS; s++) {
    const to = nowMs - s * 1000;
    let n = 0;
    for (const a of arrivals) if (a.at > to - 1000 && a.at <= to) n += a.n;
    if (n <= threshold) return false;
  }
  return true;
}
