import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { downloadCsv, downloadPng, downloadSvg } from './export.ts';

export interface ChartFrameProps {
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
  /** Controls shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * Every chart's frame: title, the period it covers, its loading, error and empty states, and
 * exports of the drawing (PNG, SVG) and of the data (CSV).
 */
export function ChartFrame(p: ChartFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const svg = () => box.current?.querySelector('svg') ?? null;
  const ready = !p.loading && !p.error && !p.empty;
  const exportImage = async (kind: 'png' | 'svg') => {
    const el = svg();
    if (!el) return;
    setExportError(null);
    try {
      if (kind === 'svg') downloadSvg(p.exportName, el);
      else await downloadPng(p.exportName, el);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : 'Export failed');
    }
  };
  return (
    <Paper withBorder p="sm" component="section" aria-label={p.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{p.title}</Title>
            <Text size="xs" c="dimmed" data-testid="period-caption">
              {p.caption}
            </Text>
          </div>
          <Group gap="xs">
            {p.actions}
            <Button
              size="compact-xs"
              variant="default"
              disabled={!ready}
              onClick={() => void exportImage('png')}
            >
              PNG
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              disabled={!ready}
              onClick={() => void exportImage('svg')}
            >
              SVG
            </Button>
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
        {exportError && <Alert color="red">{exportError}</Alert>}
        <div ref={box}>
          {p.loading ? (
            <Center h={200}>
              <Loader size="sm" aria-label="Loading chart" />
            </Center>
          ) : p.error ? (
            <Alert color="red" title="Could not load the chart">
              {p.error}
            </Alert>
          ) : p.empty ? (
            <Center h={120}>
              <Text c="dimmed" size="sm">
                No data for this period.
              </Text>
            </Center>
          ) : (
            p.children
          )}
        </div>
      </Stack>
    </Paper>
  );
}
