import type { RowsAnswer, StatsRow } from '@console/contracts';
import type { Series } from '../graph-kit/transform.ts';

/**
 * Statistics rows (one per date and bucket) as series: one per bucket label, in `order`, over the
 * sorted dates. `value` picks what a row counts.
 */
export function pivotRows(
  rows: readonly StatsRow[],
  order: readonly string[],
  value: (r: StatsRow) => number = (r) => r.record_count,
): { dates: string[]; series: Series[] } {
  const dates = [...new Set(rows.map((r) => r.stats_date))].sort();
  const at = new Map(dates.map((d, i) => [d, i]));
  const labels = [...order, ...new Set(rows.map((r) => r.interval_range).filter((l) => !order.includes(l)))];
  const series = labels.map((name) => ({ name, values: dates.map(() => 0) as (number | null)[] }));
  for (const r of rows) {
    const s = series[labels.indexOf(r.interval_range)];
    const i = at.get(r.stats_date);
    if (s && i !== undefined) s.values[i] = (s.values[i] ?? 0) + value(r);
  }
  return { dates, series: series.filter((s) => s.values.some((v) => v)) };
}

/** A graph's `toSeries` for rows in named latency buckets: one series per bucket, in their order. */
export const pivotBuckets =
  (buckets: readonly { label: string }[]) =>
  (answer: RowsAnswer): { dates: string[]; series: Series[] } =>
    pivotRows(
      answer.rows,
      buckets.map((b) => b.label),
    );
