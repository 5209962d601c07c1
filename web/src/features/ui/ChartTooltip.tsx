import { Paper, Text } from '@mantine/core';
import { type PointerEvent, useCallback, useState } from 'react';

/** One value in a chart's hover box: the series' name, its value as shown, its colour. */
export interface HoverValue {
  label: string;
  value: string;
  color?: string;
}

/** What the pointer is over: where (in the chart's box, px) and what to say. */
export interface ChartHover {
  left: number;
  top: number;
  title: string;
  values: HoverValue[];
}

/**
 * The hover state of one chart (issue 30: values on hover in every chart). `at` turns a pointer
 * event into the pointer's position inside the chart's svg, which the chart maps to a point.
 */
export function useChartHover() {
  const [hover, setHover] = useState<ChartHover | null>(null);
  const hide = useCallback(() => setHover(null), []);
  return { hover, show: setHover, hide };
}

/** The pointer's position inside the svg that holds the event's target, in px. */
export function pointerIn(e: PointerEvent<SVGElement>): { x: number; y: number } {
  const svg = e.currentTarget.ownerSVGElement ?? (e.currentTarget as SVGSVGElement);
  const box = svg.getBoundingClientRect();
  return { x: e.clientX - box.left, y: e.clientY - box.top };
}

/**
 * An invisible rectangle over a chart's plot that reports the pointer's x and y inside the svg:
 * put it last in the plot's `<g>` so it is on top.
 */
export function HoverArea({
  width,
  height,
  onHover,
  onLeave,
}: {
  width: number;
  height: number;
  onHover: (at: { x: number; y: number }) => void;
  onLeave: () => void;
}) {
  return (
    <rect
      width={Math.max(0, width)}
      height={Math.max(0, height)}
      fill="transparent"
      data-hover-area=""
      onPointerMove={(e) => onHover(pointerIn(e))}
      onPointerLeave={onLeave}
    />
  );
}

/**
 * The console's one chart tooltip: a small box beside the pointer naming the point and each
 * series' value there. Its chart's box must be `position: relative` (ChartFrame's is).
 */
export function ChartTooltip({ hover, width }: { hover: ChartHover | null; width: number }) {
  if (!hover) return null;
  // Beside the pointer, flipped to its left in the right half so it stays inside the chart.
  const flip = hover.left > width / 2;
  return (
    <Paper
      role="tooltip"
      shadow="sm"
      withBorder
      p={6}
      style={{
        position: 'absolute',
        top: Math.max(0, hover.top - 10),
        left: flip ? undefined : hover.left + 12,
        right: flip ? width - hover.left + 12 : undefined,
        pointerEvents: 'none',
        zIndex: 2,
        whiteSpace: 'nowrap',
      }}
    >
      <Text size="xs" fw={700}>
        {hover.title}
      </Text>
      {hover.values.map((v) => (
        <Text key={v.label} size="xs">
          {v.color && (
            <span aria-hidden="true" style={{ color: v.color }}>
              ■{' '}
            </span>
          )}
          {v.label}: {v.value}
        </Text>
      ))}
    </Paper>
  );
}

/** The index of the point in `positions` (px, any order) nearest to `x`; -1 when there is none. */
export function nearestIndex(positions: readonly number[], x: number): number {
  let best = -1;
  let gap = Number.POSITIVE_INFINITY;
  positions.forEach((p, i) => {
    const d = Math.abs(p - x);
    if (d < gap) {
      gap = d;
      best = i;
    }
  });
  return best;
}
