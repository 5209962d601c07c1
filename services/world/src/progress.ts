import type { LoadProgress } from './load.ts';

const n = (v: number) => Math.round(v).toLocaleString('en');

/** How long `seconds` is, in words a person reads at a glance (42 s, 7 min 5 s, 1 h 3 min). */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** One line of a load's progress: customers done of the total, the rate and the time left. */
export function progressLine(p: LoadProgress): string {
  const pct = p.total ? Math.floor((100 * p.done) / p.total) : 100;
  return (
    `world: ${n(p.done)} / ${n(p.total)} customers (${pct} %), ${n(p.rate)} customers/s, ` +
    `${duration(p.secondsLeft)} left (${n(p.rows)} rows, ${n(p.docs)} documents in ${duration(p.seconds)})`
  );
}

/** Calls `print` with a progress line at most every `everyMs` (and for the last batch). */
export function throttledProgress(print: (line: string) => void, everyMs = 5000): (p: LoadProgress) => void {
  let last = 0;
  return (p) => {
    const t = Date.now();
    if (t - last < everyMs && p.done < p.total) return;
    last = t;
    print(progressLine(p));
  };
}
