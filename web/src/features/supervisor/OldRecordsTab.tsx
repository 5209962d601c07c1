import type { WorkerConnectionRow, WorkerOldQuery } from '@console/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { ConfirmDeleteModal } from '../../shared/ui/ConfirmDeleteModal.tsx';
import { DateInput } from '../../shared/ui/DateInput.tsx';
import { formatStamp, fromLocalInput, toLocalInput } from '../../shared/ui/dates.ts';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { ClientTypeSelect } from './ClientTypeSelect.tsx';
import { workerCount, workerDelete, workerGet } from './queries.ts';
import { defaultBefore } from './worker-defaults.ts';

type Outcome =
  | { kind: 'count'; count: number }
  | { kind: 'get'; records: WorkerConnectionRow[] }
  | { kind: 'deleted'; deleted: number };

const COLUMNS: Column<WorkerConnectionRow>[] = [
  { header: 'Handler id', cell: (r) => r.handlerId },
  { header: 'Created', cell: (r) => formatStamp(r.createdDate) },
  { header: 'Removed', cell: (r) => formatStamp(r.removedDate) },
  { header: 'Added', cell: (r) => (r.addedDate ? formatStamp(r.addedDate) : 'null') },
  { header: 'Worker', cell: (r) => r.worker ?? '—' },
];

/** Old worker-connection records (analytics spec §2, §7): count, get 10, delete after typing yes. */
export function OldRecordsTab() {
  const [clientType, setClientType] = useState<string>('link2');
  const [before, setBefore] = useState(() => toLocalInput(defaultBefore(new Date())));
  const [addedDateNull, setAddedDateNull] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = (): WorkerOldQuery | null => {
    const b = fromLocalInput(before);
    return b ? { clientType: clientType as WorkerOldQuery['clientType'], before: b, addedDateNull } : null;
  };
  const run = useMutation({
    mutationFn: async (what: 'count' | 'get' | 'delete'): Promise<Outcome> => {
      const q = query();
      if (!q) throw new Error('A before date is needed.');
      if (what === 'count') return { kind: 'count', ...(await workerCount(q)) };
      if (what === 'get') return { kind: 'get', ...(await workerGet(q)) };
      return { kind: 'deleted', ...(await workerDelete({ ...q, confirm: 'yes' })) };
    },
    onSuccess: setOutcome,
    onSettled: () => setConfirming(false),
  });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <ClientTypeSelect value={clientType} onChange={setClientType} />
        <DateInput time label="Before date" value={before} onChange={setBefore} />
        <Toggle label="Added date null" checked={addedDateNull} onChange={setAddedDateNull} mb={8} />
      </Group>
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => run.mutate('count')}
          loading={run.isPending && run.variables === 'count'}
        >
          Count
        </Button>
        <Button
          variant="light"
          onClick={() => run.mutate('get')}
          loading={run.isPending && run.variables === 'get'}
        >
          Get 10
        </Button>
        <Button color="red" onClick={() => setConfirming(true)}>
          Delete old records
        </Button>
      </Group>
      {run.isError ? <Alert color="red">Error: {errorMessage(run.error)}</Alert> : null}
      {outcome?.kind === 'count' ? (
        <Text aria-label="Count result">{outcome.count} records match.</Text>
      ) : null}
      {outcome?.kind === 'deleted' ? (
        <Text aria-label="Delete result">{outcome.deleted} records deleted.</Text>
      ) : null}
      {outcome?.kind === 'get' ? (
        <ColumnTable
          striped
          withTableBorder
          label="Old records"
          rows={outcome.records}
          columns={COLUMNS}
          rowKey={(r) => r._id}
        />
      ) : null}
      <ConfirmDeleteModal
        opened={confirming}
        title="Delete old worker-connection records"
        loading={run.isPending && run.variables === 'delete'}
        onConfirm={() => run.mutate('delete')}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">
          Every {clientType} record that ended before {before.replace('T', ' ')}
          {addedDateNull ? ' and has no added date' : ''} is deleted for good.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
