import type { ProcessInfo } from '@console/contracts';
import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';
import { processInfoQueryOptions } from './queries.ts';

const COLUMNS: Column<ProcessInfo>[] = [
  { header: 'Process', cell: (p) => p.name },
  {
    header: 'State',
    cell: (p) => p.statename,
    td: (p) => ({ c: p.statename === 'RUNNING' ? undefined : 'red' }),
  },
  { header: 'Description', cell: (p) => p.description },
  { header: 'Started', cell: (p) => formatStamp(new Date(p.start * 1000).toISOString()) },
];

/** The host's processes as its supervisord lists them; asked again every 60 s while shown. */
export function ProcessTable({ hostId, name }: { hostId: string; name: string }) {
  const q = useQuery(processInfoQueryOptions(hostId));
  if (q.isPending) return <Loader size="xs" aria-label="Loading process info" />;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  return (
    <>
      <ColumnTable
        fz="xs"
        withTableBorder
        label={`Processes of ${name}`}
        rows={q.data.processes}
        columns={COLUMNS}
        rowKey={(p) => p.name}
      />
      <Text size="xs" c="dimmed">
        Fetched {formatStamp(q.data.fetchedAt)}
      </Text>
    </>
  );
}
