import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleLog } from '@visx/scale';
import { AreaClosed, Bar, LinePath } from '@visx/shape';
import {
  type ChartHover,
  ChartKeys,
  HoverArea,
  nearestIndex,
  useChartHover,
} from '../../../shared/ui/ChartTooltip.tsx';
import type { ChartBounds, ChartMargin } from '../../../shared/ui/chart-bounds.ts';
import { colorAt } from './colors.ts';
import { forLogScale, type Series } from './transform.ts';

export type ChartStyle = 'line' | 'area' | 'bar';
export type ScaleKind = 'linear' | 'log';

export interface LineChartProps {
  /** Where to draw: from the shared ChartFrame. */
  bounds: ChartBounds;
  /** One label per x position. */
  xs: readonly string[];
  series: readonly Series[];
  style?: ChartStyle;
  scale?: ScaleKind;
  /** y values are percentages. */
  percent?: boolean;
  /** What the chart shows, naming its values for the keyboard ("<title> values"). */
  title?: string;
}

/** Room for the value axis and the date labels. */
export const LINE_MARGIN: ChartMargin = { top: 10, right: 16, bottom: 30, left: 56 };

/** Lines, areas or grouped bars over shared x labels, on a linear or log scale (visx). */
export function LineChart({
  bounds,
  xs,
  series,
  style = 'line',
  scale = 'linear',
  percent,
  title = 'Chart',
}: LineChartProps) {
  const { width, height, margin: M, innerWidth: innerW, innerHeight: innerH } = bounds;
  const shown = scale === 'log' ? forLogScale(series) : series;
  const values = shown.flatMap((s) => s.values).filter((v): v is number => v !== null && Number.isFinite(v));
  const max = Math.max(1, ...values);
  const y =
    scale === 'log'
      ? scaleLog<number>({
          domain: [Math.max(0.1, Math.min(1, ...values)), max],
          range: [innerH, 0],
          clamp: true,
        })
      : scaleLinear<number>({ domain: [Math.min(0, ...values), max], range: [innerH, 0], nice: true });
  const x = scaleBand<number>({ domain: xs.map((_, i) => i), range: [0, innerW], padding: 0.15 });
  const cx = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  const every = Math.max(1, Math.ceil(xs.length / Math.max(2, Math.floor(innerW / 70))));
  const solid = shown.filter((s) => !s.dashed);
  const barW = x.bandwidth() / Math.max(1, solid.length);
  const { hover, show, hide } = useChartHover();
  const centres = xs.map((_, i) => cx(i));
  const number = (v: number) => `${v.toLocaleString()}${percent ? '%' : ''}`;
  // Position i's label and every series' value there (the values as given, not log-shifted).
  const pointAt = (i: number, top: number): ChartHover => ({
    left: M.left + (centres[i] ?? 0),
    top,
    title: xs[i] ?? '',
    values: series.map((s, si) => ({
      label: s.name,
      value: s.values[i] === null || s.values[i] === undefined ? '—' : number(s.values[i] as number),
      color: s.color ?? colorAt(si),
    })),
  });
  const onHover = ({ x: px, y: py }: { x: number; y: number }) => {
    const i = nearestIndex(centres, px - M.left);
    if (i < 0) return hide();
    show(pointAt(i, py));
  };
  return (
    <ChartKeys
      label={`${title} values`}
      count={xs.length}
      pointAt={(i) => pointAt(i, M.top)}
      hover={hover}
      onShow={show}
      onHide={hide}
      width={width}
    >
      <svg width={width} height={height} role="img" aria-label="chart">
        <Group left={M.left} top={M.top}>
          {/* currentColor: the text colour of the scheme in use (light or dark). */}
          <GridRows scale={y} width={innerW} stroke="currentColor" strokeOpacity={0.15} numTicks={5} />
          {shown.map((s, si) => {
            const color = s.color ?? colorAt(si);
            const pts = s.values
              .map((v, i) => [i, v] as const)
              .filter((p): p is readonly [number, number] => p[1] !== null);
            if (style === 'bar' && !s.dashed) {
              const k = solid.indexOf(s);
              return (
                <Group key={s.name}>
                  {pts.map(([i, v]) => (
                    <Bar
                      key={i}
                      x={(x(i) ?? 0) + k * barW}
                      y={Math.min(y(v) ?? innerH, innerH)}
                      width={Math.max(1, barW - 1)}
                      height={Math.max(0, innerH - (y(v) ?? innerH))}
                      fill={color}
                    />
                  ))}
                </Group>
              );
            }
            const line = (
              <LinePath
                key={`${s.name}-line`}
                data={pts}
                x={(p) => cx(p[0])}
                y={(p) => y(p[1]) ?? innerH}
                stroke={color}
                strokeWidth={s.dashed ? 1.5 : 2}
                strokeDasharray={s.dashed ? '5,4' : undefined}
              />
            );
            if (style === 'area' && !s.dashed) {
              return (
                <Group key={s.name}>
                  <AreaClosed
                    data={pts}
                    x={(p) => cx(p[0])}
                    y={(p) => y(p[1]) ?? innerH}
                    yScale={y}
                    fill={color}
                    fillOpacity={0.15}
                  />
                  {line}
                </Group>
              );
            }
            return line;
          })}
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(v) => `${Number(v).toLocaleString()}${percent ? '%' : ''}`}
          />
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={xs.map((_, i) => i).filter((i) => i % every === 0)}
            tickFormat={(i) => xs[Number(i)] ?? ''}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: 'currentColor', fontSize: 10, textAnchor: 'middle' }}
          />
          {hover && (
            <line
              x1={hover.left - M.left}
              x2={hover.left - M.left}
              y1={0}
              y2={innerH}
              stroke="var(--mantine-color-gray-6)"
              strokeDasharray="3,3"
              pointerEvents="none"
            />
          )}
          <HoverArea width={innerW} height={innerH} onHover={onHover} onLeave={hide} />
        </Group>
      </svg>
    </ChartKeys>
  );
}
