import type { EnergyRow } from '@console/contracts';
import { Group as MantineGroup, Text } from '@mantine/core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { ChartFrame } from '../../shared/ui/ChartFrame.tsx';
import { ChartKeys, HoverArea, nearestIndex, useChartHover } from '../../shared/ui/ChartTooltip.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';
import { darkenTo } from '../../theme-palette.ts';

// Darkened where needed: the legend's serials are written in them (AA contrast on white).
const COLOURS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131'].map((c) =>
  darkenTo(c),
);
const two = (n: number) => String(n).padStart(2, '0');
const tick = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`;

/** One line per serial of the page's current use (W) over time. */
export function EnergyGraph({ rows }: { rows: readonly EnergyRow[] }) {
  const series = new Map<string, EnergyRow[]>();
  for (const r of rows) {
    const list = series.get(r.serial) ?? [];
    list.push(r);
    series.set(r.serial, list);
  }
  const times = rows.map((r) => Date.parse(r.time));
  const { hover, show, hide } = useChartHover();
  const first = rows[0];
  const last = rows[rows.length - 1];
  return (
    <ChartFrame
      title="Current use (W)"
      description={first && last ? `${formatStamp(first.time)} to ${formatStamp(last.time)}` : undefined}
      height={320}
      empty={rows.length ? undefined : 'No energy readings in this range'}
    >
      {({ width, height, margin, innerWidth, innerHeight }) => {
        const x = scaleTime({ domain: [Math.min(...times), Math.max(...times)], range: [0, innerWidth] });
        const y = scaleLinear({
          domain: [0, Math.max(1, ...rows.map((r) => r.current_use))],
          range: [innerHeight, 0],
          nice: true,
        });
        // The reading times in order, and each serial's current use at one of them.
        const stamps = [...new Set(times)].sort((a, b) => a - b);
        const pointAt = (at: number, top: number) => ({
          left: margin.left + x(at),
          top,
          title: formatStamp(new Date(at)),
          values: [...series.entries()].flatMap(([serial, points], si) => {
            const r = points.find((p) => Date.parse(p.time) === at);
            return r
              ? [{ label: serial, value: `${r.current_use} W`, color: COLOURS[si % COLOURS.length] }]
              : [];
          }),
        });
        // The reading time nearest the pointer.
        const onHover = ({ x: px, y: py }: { x: number; y: number }) => {
          const at =
            stamps[
              nearestIndex(
                stamps.map((t) => x(t)),
                px - margin.left,
              )
            ];
          if (at === undefined) return hide();
          show(pointAt(at, py));
        };
        return (
          <ChartKeys
            label="Current use values"
            count={stamps.length}
            pointAt={(i) => (stamps[i] === undefined ? null : pointAt(stamps[i], margin.top))}
            hover={hover}
            onShow={show}
            onHide={hide}
            width={width}
          >
            <svg width={width} height={height} role="img" aria-label="Energy graph">
              <Group left={margin.left} top={margin.top}>
                <GridRows scale={y} width={innerWidth} stroke="currentColor" strokeOpacity={0.15} />
                {[...series.entries()].map(([serial, points], i) => (
                  <LinePath
                    key={serial}
                    data={points}
                    x={(r) => x(Date.parse(r.time))}
                    y={(r) => y(r.current_use)}
                    stroke={COLOURS[i % COLOURS.length]}
                    strokeWidth={2}
                    data-serial={serial}
                  />
                ))}
                <AxisLeft
                  scale={y}
                  numTicks={5}
                  stroke="currentColor"
                  tickStroke="currentColor"
                  tickLabelProps={{ fill: 'currentColor', fontSize: 10, textAnchor: 'end', dx: -4, dy: 3 }}
                />
                <AxisBottom
                  scale={x}
                  top={innerHeight}
                  numTicks={Math.max(2, Math.floor(innerWidth / 90))}
                  stroke="currentColor"
                  tickStroke="currentColor"
                  tickLabelProps={{ fill: 'currentColor', fontSize: 10, textAnchor: 'middle' }}
                  tickFormat={(v) => tick(v as Date)}
                />
                <HoverArea width={innerWidth} height={innerHeight} onHover={onHover} onLeave={hide} />
              </Group>
            </svg>
          </ChartKeys>
        );
      }}
    </ChartFrame>
  );
}

/** Which colour is which serial; the labels carry building|folder when the entry named them. */
export function GraphLegend({
  serials,
  labels,
}: {
  serials: readonly string[];
  labels: Map<string, string>;
}) {
  return (
    <MantineGroup gap="md">
      {serials.map((s, i) => (
        // The line's colour in a swatch; the words in the scheme's text colour (AA in light and dark).
        <Text key={s} size="sm">
          <svg width={10} height={10} aria-hidden="true" style={{ marginRight: 4 }}>
            <circle cx={5} cy={5} r={5} fill={COLOURS[i % COLOURS.length]} />
          </svg>
          {labels.get(s) ?? s}
        </Text>
      ))}
    </MantineGroup>
  );
}
