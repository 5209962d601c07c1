/** Timing helpers of the search benchmark: latencies of a sequential series, and their percentiles. */
export interface Series {
  p50: number;
  p95: number;
  failures: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `call` `runs` times one after another (a person searching), after two warm-up calls. */
export async function series(
  runs: number,
  call: (i: number) => Promise<boolean>,
  warmups = 2,
): Promise<Series> {
  for (let i = 0; i < warmups; i++) await call(i);
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    if (!(await call(i))) failures++;
    latencies.push(performance.now() - s);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures };
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(7) : '      -');

export function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join(' ');
}
