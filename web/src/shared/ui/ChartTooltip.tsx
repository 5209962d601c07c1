import { Paper, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useCallback, useState } from 'react';

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

/** A point's values as one sentence: "3 Nov: Sales 12, Returns 3". */
export const sayHover = (h: ChartHover): string =>
  `${h.title}: ${h.values.map((v) => `${v.label} ${v.value}`).join(', ')}`;

/** Where each key takes the keyboard's point, from `at` among `count`. */
function stepFor(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(count - 1, at + 1);
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(0, at - 1);
  if (key === 'PageUp') return Math.min(count - 1, at + 10);
  if (key === 'PageDown') return Math.max(0, at - 10);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A chart's values without a pointer (issue 30): wrapped around a chart's svg, it makes the chart
 * one keyboard stop, a slider over its points, and draws the chart's ChartTooltip (of the pointer's
 * hover or the keyboard's point). While it has the focus the tooltip shows the point the arrow
 * keys, Page Up/Down, Home and End pick (the first on arriving), and the slider's value text says
 * the same to a screen reader. Escape hides the box.
 */
export function ChartKeys({
  label,
  count,
  pointAt,
  hover,
  onShow,
  onHide,
  width,
  children,
}: {
  /** The slider's name, e.g. "Sign-ups values". */
  label: string;
  /** How many points (x positions) the chart has. */
  count: number;
  /** The tooltip of point `i`, placed as the chart places its hover box. */
  pointAt: (i: number) => ChartHover | null;
  /** What the tooltip shows now, from useChartHover, with its show and hide. */
  hover: ChartHover | null;
  onShow: (hover: ChartHover) => void;
  onHide: () => void;
  /** The chart's width, for the tooltip's side. */
  width: number;
  children: ReactNode;
}) {
  const [at, setAt] = useState(0);
  const index = Math.min(at, Math.max(0, count - 1));
  const point = count > 0 ? pointAt(index) : null;
  const go = (i: number) => {
    setAt(i);
    const shown = pointAt(i);
    if (shown) onShow(shown);
    else onHide();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') return onHide();
    const next = stepFor(e.key, index, count);
    if (next === null) return;
    e.preventDefault();
    go(next);
  };
  const tooltip = <ChartTooltip hover={hover} width={width} />;
  if (count === 0)
    return (
      <>
        {children}
        {tooltip}
      </>
    );
  // The tooltip beside the slider, not in it: a slider's content is not read out.
  return (
    <>
      <div
        role="slider"
        tabIndex={0}
        className="mantine-focus-auto"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        aria-valuetext={point ? sayHover(point) : undefined}
        onFocus={() => go(index)}
        onBlur={onHide}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
      {tooltip}
    </>
  );
}
