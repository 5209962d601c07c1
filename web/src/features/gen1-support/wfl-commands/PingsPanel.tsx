import { Alert, Badge, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { formatLocal } from '../../ui/dates.ts';
import { AutoRefreshToggle } from './AutoRefreshToggle.tsx';
import { pingsQueryOptions } from './queries.ts';
import { useAutoRefresh } from './use-auto-refresh.ts';

export const REFRESH_EVERY_MS = 5000;

/** Pings panel (seed 000 §2): Data, Reply, Node, Date, with an auto-refresh that shows its stop time. */
export function PingsPanel({ mac }: { mac: string }) {
  const auto = useAutoRefresh();
  const pings = useQuery({ ...pingsQueryOptions(mac), refetchInterval: auto.on ? REFRESH_EVERY_MS : false });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={5}>Pings</Title>
            {pings.data && (
              <Badge color={pings.data.online ? 'green' : 'red'} variant="light">
                {pings.data.online ? 'online' : 'offline'}
              </Badge>
            )}
            {pings.isFetching && <Loader size="xs" />}
          </Group>
          <AutoRefreshToggle on={auto.on} stopAt={auto.stopAt} onToggle={auto.toggle} />
        </Group>
        {pings.isError && <Alert color="red">{errorMessage(pings.error)}</Alert>}
        {pings.data && pings.data.pings.length === 0 && (
          <Text size="sm" c="dimmed">
            No pings from this link.
          </Text>
        )}
        {pings.data && pings.data.pings.length > 0 && (
          <ScrollArea.Autosize mah={320}>
            <Table striped highlightOnHover aria-label="Pings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Reply</Table.Th>
                  <Table.Th>Node</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pings.data.pings.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{p.data}</Table.Td>
                    <Table.Td>{p.reply}</Table.Td>
                    <Table.Td>{p.node}</Table.Td>
                    <Table.Td>{formatLocal(p.date, '')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
