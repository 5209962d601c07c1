import { Alert, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client.ts';
import { formatStamp } from '../../shared/ui/dates.ts';
import { viewHistoryQueryOptions } from './queries.ts';

type Layout = 'table' | 'list';

/**
 * Who viewed the customer when (core spec §2, seed 001 §2); loading it records this view. The
 * legacy page shows a table, Support Plus's narrow side bar a list.
 */
export function ViewHistory({
  customerId,
  staffName,
  layout,
}: {
  customerId: string;
  staffName: string;
  layout: Layout;
}) {
  const history = useQuery(viewHistoryQueryOptions(customerId, staffName));
  const title = layout === 'table' ? 'View History' : 'View history';
  const viewer = (v: { name?: string | null; userId: string }) =>
    v.name ? `${v.name} (${v.userId})` : v.userId;
  return (
    <Paper withBorder p={layout === 'table' ? 'md' : 'sm'} component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {history.isPending ? (
        <Loader size="xs" aria-label="Loading view history" />
      ) : history.isError ? (
        <Alert color="red" role="alert" title="View history not loaded">
          {errorMessage(history.error)}
        </Alert>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No views yet.
        </Text>
      ) : layout === 'table' ? (
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
                  <Table.Td>{viewer(v)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : (
        <ScrollArea.Autosize mah={300}>
          <Stack gap={2} role="list" aria-label="Views">
            {history.data.map((v, i) => (
              <Text key={`${v.createdDate}-${i}`} size="xs" role="listitem">
                {formatStamp(v.createdDate)} · {viewer(v)}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
