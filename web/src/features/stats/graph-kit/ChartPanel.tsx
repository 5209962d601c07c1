import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { ChartFrame } from '../../../shared/ui/ChartFrame.tsx';
import type { ChartBounds, ChartMargin } from '../../../shared/ui/chart-bounds.ts';
import { downloadCsv, downloadPng, downloadSvg } from './export.ts';

export interface ChartPanelProps {
  title: string;
  /** What period the chart covers, always shown. */
  caption: string;
  loading?: boolean;
  error?: string | null;
  empty?: boolean;
  /** File name of the exports (no extension). */
  exportName: string;
  /** The chart's data as CSV, built when asked for. */
  csv: () => string;
  /** Above the chart: series toggles and the like. */
  toolbar?: ReactNode;
  /** A visx chart, drawn in the shared ChartFrame at the bounds it measures. */
  chart?: (bounds: ChartBounds) => ReactNode;
  /** Or other content (a table), drawn in a panel of the same look. */
  children?: ReactNode;
  height?: number;
  margin?: ChartMargin;
}

/**
 * A statistics chart: the shared ChartFrame (title, the period it covers, the drawing at its
 * bounds) with the states every chart has (loading, could not load, nothing in the period) and
 * its exports: the drawing as PNG or SVG, the data as CSV.
 */
export function ChartPanel(p: ChartPanelProps) {
  const box = useRef<HTMLDivElement>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const ready = !p.loading && !p.error && !p.empty;
  const exportImage = async (kind: 'png' | 'svg') => {
    const el = box.current?.querySelector('svg');
    if (!el) return;
    setExportError(null);
    try {
      if (kind === 'svg') downloadSvg(p.exportName, el);
      else await downloadPng(p.exportName, el);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : 'Export failed');
    }
  };
  const state = p.loading
    ? 'Loading chart…'
    : p.error
      ? `Could not load the chart: ${p.error}`
      : p.empty
        ? 'No data for this period.'
        : undefined;
  return (
    <Stack gap={6} component="section" aria-label={p.title} ref={box}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>{p.toolbar}</div>
        <Group gap="xs">
          {(['png', 'svg'] as const).map((kind) => (
            <Button
              key={kind}
              size="compact-xs"
              variant="default"
              disabled={!ready || !p.chart}
              onClick={() => void exportImage(kind)}
            >
              {kind.toUpperCase()}
            </Button>
          ))}
          <Button
            size="compact-xs"
            variant="default"
            disabled={!ready}
            onClick={() => downloadCsv(p.exportName, p.csv())}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {exportError && (
        <Text size="xs" c="red">
          {exportError}
        </Text>
      )}
      {p.chart || state ? (
        <ChartFrame
          title={p.title}
          description={p.caption}
          height={p.height ?? 300}
          margin={p.margin}
          empty={state}
        >
          {(bounds) => p.chart?.(bounds)}
        </ChartFrame>
      ) : (
        <Paper withBorder p="md" m={0}>
          <Title order={2}>{p.title}</Title>
          <Text size="xs" c="dimmed" mb="xs">
            {p.caption}
          </Text>
          {p.children}
        </Paper>
      )}
    </Stack>
  );
}
