import { CLIENT_TYPES, type WorkerConnectionRow, type WorkerOldQuery } from '@console/contracts';
import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { ConfirmDeleteModal } from '../ui/ConfirmDeleteModal.tsx';
import { formatStamp } from '../ui/dates.ts';
import { workerCount, workerDelete, workerGet } from './queries.ts';
import { defaultBefore, fromLocalInput, toLocalInput } from './worker-defaults.ts';

type Outcome =
  | { kind: 'count'; count: number }
  | { kind: 'get'; records: WorkerConnectionRow[] }
  | { kind: 'deleted'; deleted: number };

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
        <Select
          label="Client type"
          data={[...CLIENT_TYPES]}
          value={clientType}
          onChange={(v) => setClientType(v ?? 'link2')}
          allowDeselect={false}
          w={130}
        />
        <TextInput
          label="Before date"
          type="datetime-local"
          value={before}
          onChange={(e) => setBefore(e.currentTarget.value)}
        />
        <Checkbox
          label="Added date null"
          checked={addedDateNull}
          onChange={(e) => setAddedDateNull(e.currentTarget.checked)}
          mb={8}
        />
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
        <Table striped withTableBorder aria-label="Old records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Handler id</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Removed</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>Worker</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcome.records.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{r.handlerId}</Table.Td>
                <Table.Td>{formatStamp(r.createdDate)}</Table.Td>
                <Table.Td>{formatStamp(r.removedDate)}</Table.Td>
                <Table.Td>{r.addedDate ? formatStamp(r.addedDate) : 'null'}</Table.Td>
                <Table.Td>{r.worker ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
