import { useState } from 'react';
import { ChartPanel } from './ChartPanel.tsx';
import { colorAt } from './colors.ts';
import type { GraphOptionsValue } from './GraphOptions.tsx';
import { LINE_MARGIN, LineChart } from './LineChart.tsx';
import { SeriesToggles } from './SeriesToggles.tsx';
import { linearTrend, type Series, seriesCsv, toPercent } from './transform.ts';

export interface GraphChartProps {
  title: string;
  caption: string;
  exportName: string;
  xs: readonly string[];
  series: readonly Series[];
  /** The comparison period's series, position by position. */
  compared?: readonly Series[];
  options: Pick<GraphOptionsValue, 'style' | 'scale' | 'percent' | 'trend'>;
  loading?: boolean;
  error?: string | null;
}

/**
 * A chart of the graph screens: series toggles, percent or absolute, trend lines and the compared
 * period (dashed), drawn by LineChart in a ChartPanel; the CSV holds what is shown.
 */
export function GraphChart(p: GraphChartProps) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const coloured = p.series.map((s, i) => ({ ...s, color: s.color ?? colorAt(i) }));
  const visible = coloured.filter((s) => !hidden.has(s.name));
  const base = p.options.percent ? toPercent(visible) : visible;
  const compared = (p.compared ?? [])
    .filter((s) => !hidden.has(s.name))
    .map((s) => ({
      ...s,
      name: `${s.name} (compared)`,
      dashed: true,
      color: coloured.find((c) => c.name === s.name)?.color,
    }));
  const trends = p.options.trend
    ? base.map((s) => ({
        name: `${s.name} (trend)`,
        values: linearTrend(s.values),
        dashed: true,
        color: s.color,
      }))
    : [];
  const drawn = [...base, ...(p.options.percent ? toPercent(compared) : compared), ...trends];
  const empty = !p.loading && p.series.every((s) => s.values.every((v) => !v));
  return (
    <ChartPanel
      title={p.title}
      caption={p.caption}
      loading={p.loading}
      error={p.error}
      empty={empty}
      exportName={p.exportName}
      csv={() => seriesCsv('period', p.xs, drawn)}
      toolbar={<SeriesToggles names={p.series.map((s) => s.name)} hidden={hidden} onChange={setHidden} />}
      margin={LINE_MARGIN}
      chart={(bounds) => (
        <LineChart
          bounds={bounds}
          xs={p.xs}
          series={drawn}
          style={p.options.style}
          scale={p.options.scale}
          percent={p.options.percent}
          title={p.title}
        />
      )}
    />
  );
}
