import type { LiveEvent } from '@console/contracts';
import { Box, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { formatClock } from '../ui/dates.ts';
import { summarise } from './summary.ts';

/** Counts per class.operation for the last five seconds, when the stream is too fast to read. */
export function SummaryTable({ events, now }: { events: readonly LiveEvent[]; now: number }) {
  const { seconds, rows } = useMemo(() => summarise(events, now), [events, now]);
  return (
    <Box h={340} style={{ overflowY: 'auto' }} aria-label="Per-second summary">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          Nothing in the last few seconds.
        </Text>
      ) : (
        <Table striped withTableBorder stickyHeader fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>class.operation</Table.Th>
              {seconds.map((s) => (
                <Table.Th key={s}>{formatClock(s * 1000).slice(0, 8)}</Table.Th>
              ))}
              <Table.Th>total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td ff="monospace">{r.key}</Table.Td>
                {r.perSecond.map((n, i) => (
                  <Table.Td key={seconds[i]}>{n || ''}</Table.Td>
                ))}
                <Table.Td fw={600}>{r.total}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
