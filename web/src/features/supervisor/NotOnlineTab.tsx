import type { NotOnlineRecord, WorkerOfflineQuery } from '@console/contracts';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { type Column, ColumnTable, nextSort, type SortDir } from '../../shared/ui/ColumnTable.tsx';
import { DateRangeInputs } from '../../shared/ui/DateInput.tsx';
import { formatStamp, fromLocalInput, toLocalInput } from '../../shared/ui/dates.ts';
import { ClientTypeSelect } from './ClientTypeSelect.tsx';
import { workerOffline } from './queries.ts';
import { sortRows, yesterdayMidnight } from './worker-defaults.ts';

type ClientType = WorkerOfflineQuery['clientType'];
type SortKey = keyof NotOnlineRecord;

const orDash = (v: string | null | undefined) => v ?? '—';
const COLUMNS: Column<NotOnlineRecord>[] = [
  { sortKey: 'clientId', header: 'Client id', cell: (r) => r.clientId },
  { sortKey: 'count', header: 'Connections', cell: (r) => r.count },
  { sortKey: 'lastRemoved', header: 'Last disconnected', cell: (r) => formatStamp(r.lastRemoved) },
  { sortKey: 'structureId', header: 'Structure', cell: (r) => orDash(r.structureId) },
  { sortKey: 'factoryConfig', header: 'Factory config', cell: (r) => orDash(r.factoryConfig) },
  { sortKey: 'firmwareVersion', header: 'Firmware', cell: (r) => orDash(r.firmwareVersion) },
  { sortKey: 'worker', header: 'Worker', cell: (r) => orDash(r.worker) },
];
const SHOWN = 500;

/** Links whose worker connections ended in the range and that are not online now (analytics spec §2). */
export function NotOnlineTab() {
  const [clientType, setClientType] = useState('link2');
  const [range, setRange] = useState(() => ({ from: toLocalInput(yesterdayMidnight(new Date())), to: '' }));
  const [ignoreRecent, setIgnoreRecent] = useState(true);
  const [sort, setSort] = useState<{ key: string; dir: SortDir }>({ key: 'lastRemoved', dir: 'desc' });
  const [formError, setFormError] = useState<string | null>(null);
  const report = useMutation({ mutationFn: workerOffline });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fromDate = fromLocalInput(range.from);
    const toDate = fromLocalInput(range.to);
    if (!fromDate) return setFormError('A from date is needed.');
    setFormError(null);
    report.mutate({
      clientType: clientType as ClientType,
      fromDate,
      ...(toDate ? { toDate } : {}),
      ignoreRecent,
    });
  };
  const rows = report.data ? sortRows(report.data.notOnline, sort.key as SortKey, sort.dir) : [];

  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <ClientTypeSelect value={clientType} onChange={setClientType} />
          <DateRangeInputs
            time
            labels={['From date', 'Before date (optional)']}
            value={range}
            onChange={setRange}
          />
          <Switch
            label="Ignore recent (15 min)"
            checked={ignoreRecent}
            onChange={(e) => setIgnoreRecent(e.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" loading={report.isPending}>
            Get links offline
          </Button>
        </Group>
      </form>
      {formError ? <Alert color="red">{formError}</Alert> : null}
      {report.isError ? <Alert color="red">Error: {errorMessage(report.error)}</Alert> : null}
      {report.data ? (
        <>
          <Text size="sm" aria-label="Report summary">
            Not online: {report.data.notOnline.length} · Online now: {report.data.onlineNow} · Online in the
            period before: {report.data.onlinePrev} · Ignored recent: {report.data.ignoredRecent}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed">No links offline in this range.</Text>
          ) : (
            <ColumnTable
              striped
              withTableBorder
              label="Links not online"
              rows={rows.slice(0, SHOWN)}
              columns={COLUMNS}
              rowKey={(r) => r.clientId}
              sort={{ ...sort, onSort: (key) => setSort((s) => nextSort(s, key)) }}
            />
          )}
          {rows.length > SHOWN ? (
            <Text size="xs" c="dimmed">
              The first {SHOWN} of {rows.length} are shown; narrow the range for the rest.
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
