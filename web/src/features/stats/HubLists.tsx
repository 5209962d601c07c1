import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../shared/ui/QueryAnswer.tsx';
import { hubSummaryQueryOptions } from './queries.ts';

function List({ title, label, children }: { title: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={label}>
      <Title order={3}>{title}</Title>
      <Table withTableBorder striped>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The panel's hub lists (seed 001 §2): firmware in use and config highs (top lists of 9), HomeKit. */
export function HubLists() {
  const q = useQuery(hubSummaryQueryOptions());
  if (!q.isSuccess) return <QueryState q={q} loading="Loading hub lists" />;
  const s = q.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <List title="Firmware" label="Firmware top list">
        {s.firmware.map((f) => (
          <Table.Tr key={f.version}>
            <Table.Td>{f.version}</Table.Td>
            <Table.Td>{f.hubs.toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </List>
      <List title="Config highs" label="Config highs top list">
        {s.configHighs.map((h) => (
          <Table.Tr key={h.hubId}>
            <Table.Td>{h.hubId}</Table.Td>
            <Table.Td>{h.configNumber}</Table.Td>
          </Table.Tr>
        ))}
      </List>
      <Stack gap={4} component="section" aria-label="HomeKit">
        <Title order={3}>HomeKit</Title>
        <Text size="sm">
          {s.homeKitPaired.toLocaleString()} of {s.hubs.toLocaleString()} hubs paired (
          {s.hubs ? Math.round((s.homeKitPaired / s.hubs) * 1000) / 10 : 0}%)
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
