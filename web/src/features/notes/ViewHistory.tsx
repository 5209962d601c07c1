import { Alert, Loader, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../api/client.ts';

import { viewHistoryQueryOptions } from '../gen1-support/queries.ts';
import { formatStamp } from '../ui/dates.ts';

/** Who viewed the customer when (core spec §2); loading it records this view. */
export function ViewHistory({ customerId, staffName }: { customerId: string; staffName: string }) {
  const history = useQuery(viewHistoryQueryOptions(customerId, staffName));
  return (
    <Paper withBorder p="md" component="section" aria-label="View History">
      <Title order={5} mb="xs">
        View History
      </Title>
      {history.isPending && <Loader size="sm" />}
      {history.isError && (
        <Alert color="red" role="alert">
          {errorMessage(history.error)}
        </Alert>
      )}
      {history.data && history.data.length === 0 && <Text c="dimmed">No views yet.</Text>}
      {history.data && history.data.length > 0 && (
        <ScrollArea.Autosize mah={240}>
          <Table fz="sm" aria-label="View history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Viewer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((v, i) => (
                <Table.Tr key={`${i}-${v.createdDate}`}>
                  <Table.Td>{formatStamp(v.createdDate)}</Table.Td>
                  <Table.Td>{v.name ? `${v.name} (${v.userId})` : v.userId}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
