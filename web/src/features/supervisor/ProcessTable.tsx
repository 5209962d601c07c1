import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../api/client.ts';
import { formatStamp } from '../ui/dates.ts';
import { processInfoQueryOptions } from './queries.ts';

/** The host's processes as its supervisord lists them; asked again every 60 s while shown. */
export function ProcessTable({ hostId, name }: { hostId: string; name: string }) {
  const q = useQuery(processInfoQueryOptions(hostId));
  if (q.isPending) return <Loader size="xs" aria-label="Loading process info" />;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  return (
    <>
      <Table fz="xs" withTableBorder aria-label={`Processes of ${name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Process</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.processes.map((p) => (
            <Table.Tr key={p.name}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td c={p.statename === 'RUNNING' ? undefined : 'red'}>{p.statename}</Table.Td>
              <Table.Td>{p.description}</Table.Td>
              <Table.Td>{formatStamp(new Date(p.start * 1000).toISOString())}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Fetched {formatStamp(q.data.fetchedAt)}
      </Text>
    </>
  );
}
