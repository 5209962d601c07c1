import { parseSerialEntries } from '@console/contracts';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { downloadText } from '../../shared/ui/download.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { RoleGate } from '../../shared/ui/RoleGate.tsx';
import { useCtrlArrowPaging } from '../../shared/ui/use-ctrl-arrow-paging.ts';
import { energyCsv } from './csv.ts';
import { DataMonitorForm } from './DataMonitorForm.tsx';
import { EnergyErrors } from './EnergyErrors.tsx';
import { EnergyGraph, GraphLegend } from './EnergyGraph.tsx';
import { EnergyTable } from './EnergyTable.tsx';
import { exportNote, fetchAllEnergy } from './energy-export.ts';
import { type DataMonitorParams, energyBody, type View, withDefaults } from './params.ts';
import { energyQueryOptions } from './queries.ts';

const route = getRouteApi('/_auth/datamonitor');

/** /datamonitor — energy data per serial over a date range (seed 000 §2, §5, §9), for data users. */
export function DataMonitorScreen() {
  return (
    <RoleGate access={['datauser']} title="DM Energy">
      <DataMonitor />
    </RoleGate>
  );
}

function DataMonitor() {
  const params = route.useSearch();
  const navigate = route.useNavigate();
  const state = withDefaults(params);
  const body = useMemo(() => energyBody(state), [state.serials, state.from, state.to, state.interval]);
  const query = useQuery(energyQueryOptions(body, state.page));
  const result = query.data;
  const update = useCallback(
    (next: DataMonitorParams) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  const pages = result?.pages ?? 0;
  const go = useCallback(
    (step: -1 | 1) => {
      const page = state.page + step;
      if (page >= 0 && page < pages) update({ page });
    },
    [state.page, pages, update],
  );
  useCtrlArrowPaging(go);
  // The CSV holds the whole range, fetched page by page through the API (issue 30), not the page shown.
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const exporting = useMutation({
    mutationFn: () => fetchAllEnergy(body, { onProgress: (done, total) => setProgress({ done, total }) }),
    onMutate: () => setProgress(null),
    onSuccess: (all) => downloadText(`energy-${state.from}-${state.to}.csv`, energyCsv(all.rows)),
  });
  const labels = new Map(
    parseSerialEntries(state.serials).entries.map((e) => [
      e.serial,
      [e.serial, [e.building, e.folder].filter(Boolean).join('|')].filter(Boolean).join(' ← '),
    ]),
  );

  return (
    <Stack gap="md">
      <Title order={1}>DM Energy</Title>
      <DataMonitorForm
        key={`${state.serials}|${state.from}|${state.to}|${state.interval}|${state.format}`}
        initial={state}
        onLoad={(v) => update({ ...v, page: 0 })}
      />
      <Group justify="space-between">
        <SegmentedControl
          aria-label="View"
          value={state.view}
          onChange={(view) => update({ view: view as View })}
          data={[
            { label: 'Graph', value: 'graph' },
            { label: 'Table', value: 'table' },
          ]}
        />
        <Group gap="xs">
          {/* Shown disabled but kept focusable (issue 30): a disabled button drops the keyboard's focus; go() ignores a step out of range. */}
          <Button
            variant="default"
            onClick={() => go(-1)}
            data-disabled={state.page <= 0 || undefined}
            aria-disabled={state.page <= 0}
            title="ctrl+←"
          >
            Previous
          </Button>
          <Text size="sm" aria-live="polite" data-testid="page-info">
            {result
              ? `Page ${result.pages ? state.page + 1 : 0} / ${result.pages} · ${result.total} rows`
              : ''}
          </Text>
          <Button
            variant="default"
            onClick={() => go(1)}
            data-disabled={state.page + 1 >= pages || undefined}
            aria-disabled={state.page + 1 >= pages}
            title="ctrl+→"
          >
            Next
          </Button>
          <Button
            disabled={!result?.rows.length}
            // Busy without Mantine's loading, which disables the button and drops the keyboard's
            // focus (issue 30); the progress line below says what it is doing.
            data-disabled={exporting.isPending || undefined}
            aria-disabled={exporting.isPending}
            onClick={() => !exporting.isPending && exporting.mutate()}
          >
            Download CSV
          </Button>
          {query.isFetching && <Loader size="sm" aria-label="Loading" />}
        </Group>
      </Group>
      {exporting.isPending && progress && (
        <Text size="sm" role="status">
          Exporting: {progress.done.toLocaleString()} of {progress.total.toLocaleString()} rows fetched…
        </Text>
      )}
      {exporting.data && (
        <Alert color={exporting.data.capped ? 'orange' : 'blue'} role="status" aria-label="Export">
          {exportNote(exporting.data)}
        </Alert>
      )}
      <ErrorAlert title="The CSV could not be made" error={exporting.error} />
      <ErrorAlert title="Server request failed" error={query.error} />
      {result && (
        <>
          <Text size="sm" c="dimmed">
            Serials: {result.serials.map((s) => labels.get(s) ?? s).join(', ') || 'none'} · ctrl+← / ctrl+→ to
            page
          </Text>
          {state.view === 'graph' ? (
            <>
              <GraphLegend serials={result.serials} labels={labels} />
              <EnergyGraph rows={result.rows} />
            </>
          ) : (
            <EnergyTable rows={result.rows} format={state.format} />
          )}
          <EnergyErrors errors={result.errors} total={result.errorsTotal} format={state.format} />
        </>
      )}
    </Stack>
  );
}
