import { Paper, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { type ChartBounds, type ChartMargin, chartBounds } from './chart-bounds.ts';

/**
 * The frame every chart sits in: a titled, labelled panel that measures its own width and hands
 * the chart its bounds, so a visx chart only maps scales to `innerWidth` × `innerHeight` and draws
 * inside `<g transform={`translate(${margin.left},${margin.top})`}>`. Nothing is drawn until the
 * width is known (the first layout), so charts never render at zero width.
 */
export function ChartFrame({
  title,
  description,
  height = 240,
  margin,
  empty,
  children,
}: {
  title: string;
  description?: string;
  height?: number;
  margin?: ChartMargin;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
  children: (bounds: ChartBounds) => ReactNode;
}) {
  const { ref, width } = useElementSize();
  return (
    <Paper withBorder p="md" component="figure" aria-label={title} m={0}>
      <Title order={2}>{title}</Title>
      {description && (
        <Text size="xs" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      {/* Relative: a chart's ChartTooltip is placed inside this box. */}
      <div ref={ref} style={{ width: '100%', height, position: 'relative' }}>
        {empty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          width > 0 && children(chartBounds(Math.floor(width), height, margin))
        )}
      </div>
    </Paper>
  );
}
