import type { OverviewCounts } from '@console/contracts';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { HubLink } from '../hub/HubLink.tsx';

/** Seconds the fan-out counts the busiest hubs over (services/fanout, `BUSIEST_WINDOW_S`). */
const WINDOW_S = 10;

/**
 * "Busiest hubs now": the hubs sending the most messages a second over the last few seconds, from
 * the overview topic's counts, each a link to its live monitor. `hubs` is null until the first
 * counts arrive.
 */
export function BusiestHubs({ hubs }: { hubs: OverviewCounts['busiestHubs'] | null }) {
  const heading = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Title order={3} size="h4" id={heading} mb={4}>
        Busiest hubs now
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Messages a second over the last {WINDOW_S} s, live; open a hub for its live monitor.
      </Text>
      {hubs === null ? (
        <Text size="sm" c="dimmed">
          Waiting for the live counts…
        </Text>
      ) : hubs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hub has sent a message in the last {WINDOW_S} s.
        </Text>
      ) : (
        <Table striped highlightOnHover aria-labelledby={heading} maw={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Hub</Table.Th>
              <Table.Th scope="col" ta="right">
                Messages / s
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hubs.map((h) => (
              <Table.Tr key={h.hubId}>
                <Table.Td>
                  <HubLink hubId={h.hubId} />
                </Table.Td>
                <Table.Td ta="right">{h.messagesPerSecond.toFixed(1)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
