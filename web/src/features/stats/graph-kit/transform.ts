import { COMPARE_PRECEDING, toCsv } from '@console/contracts';

/** One line of a chart: a value per x position (null: no point). */
export interface Series {
  name: string;
  values: (number | null)[];
  /** Drawn dashed: a comparison period or a trend line. */
  dashed?: boolean;
  color?: string;
}

/** Least-squares straight line through the points that have a value. */
export function linearTrend(values: readonly (number | null)[]): (number | null)[] {
  const pts = values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [[i, v] as const]));
  if (pts.length < 2) return values.map(() => null);
  const n = pts.length;
  const sx = pts.reduce((s, [x]) => s + x, 0);
  const sy = pts.reduce((s, [, y]) => s + y, 0);
  const sxx = pts.reduce((s, [x]) => s + x * x, 0);
  const sxy = pts.reduce((s, [x, y]) => s + x * y, 0);
  const den = n * sxx - sx * sx;
  const slope = den === 0 ? 0 : (n * sxy - sx * sy) / den;
  const intercept = (sy - slope * sx) / n;
  return values.map((_, i) => intercept + slope * i);
}

/** Each series as a percentage of the sum of all series at the same x (percent view). */
export function toPercent(series: readonly Series[]): Series[] {
  const len = Math.max(0, ...series.map((s) => s.values.length));
  const sums = Array.from({ length: len }, (_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  return series.map((s) => ({
    ...s,
    values: s.values.map((v, i) => (v === null ? null : sums[i] ? (v / (sums[i] as number)) * 100 : 0)),
  }));
}

/** Average of the last `n` values at each point (fewer at the start). */
export function rollingAverage(values: readonly number[], n: number): number[] {
  let sum = 0;
  return values.map((v, i) => {
    sum += v;
    if (i >= n) sum -= values[i - n] as number;
    return sum / Math.min(n, i + 1);
  });
}

/** Change over `gap` positions: value[i] − value[i − gap]; null before there is one. */
export function changeOver(values: readonly number[], gap: number): (number | null)[] {
  return values.map((v, i) => (i >= gap ? v - (values[i - gap] as number) : null));
}

/**
 * The range compared with [from, to): 1 is the preceding period of the same length; any other
 * value the same period a year earlier (analytics spec §2).
 */
export function compareRange(from: Date, to: Date, compare: number): { from: Date; to: Date } {
  if (compare === COMPARE_PRECEDING) {
    const span = to.getTime() - from.getTime();
    return { from: new Date(from.getTime() - span), to: new Date(from.getTime()) };
  }
  const back = (d: Date) => {
    const c = new Date(d);
    c.setUTCFullYear(c.getUTCFullYear() - 1);
    return c;
  };
  return { from: back(from), to: back(to) };
}

/** Log scales cannot show zero or less: such points are left out. */
export function forLogScale(series: readonly Series[]): Series[] {
  return series.map((s) => ({ ...s, values: s.values.map((v) => (v !== null && v > 0 ? v : null)) }));
}

/** A chart's data as CSV: one row per x label, one column per series. */
export function seriesCsv(xLabel: string, xs: readonly string[], series: readonly Series[]): string {
  return toCsv(
    [xLabel, ...series.map((s) => s.name)],
    xs.map((x, i) => [x, ...series.map((s) => s.values[i] ?? '')]),
  );
}
