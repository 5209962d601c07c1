import type { Gen1DeviceView } from '@console/contracts';
import { Alert, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { DEVICE_FRESH_MS, latestQueryOptions } from './queries.ts';

/**
 * The Temp (heating devices, type 9) or Energy (energy devices, type 13) panel of a WFL (seed 000
 * §2): each device's latest reading by `{serial}/{mac8}`, active when under 24 h old.
 */
export function ReadingsPanel({
  kind,
  mac,
  devices,
}: {
  kind: 'temps' | 'energy';
  mac: string;
  devices: readonly Gen1DeviceView[];
}) {
  const title = kind === 'temps' ? 'Temp' : 'Energy';
  const mine = devices.filter((d) => d.device_type_id === (kind === 'temps' ? 9 : 13));
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {mine.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {kind === 'temps' ? 'heating' : 'energy'} devices on this WFL.
          </Text>
        ) : (
          <Table striped aria-label={`${title} readings`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Serial</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>{kind === 'temps' ? 'Current temp' : 'Current use (W)'}</Table.Th>
                <Table.Th>{kind === 'temps' ? 'Target' : 'Day use (Wh)'}</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.map((d) => (
                <ReadingRow key={d.device_id} kind={kind} mac={mac} device={d} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function ReadingRow({
  kind,
  mac,
  device,
}: {
  kind: 'temps' | 'energy';
  mac: string;
  device: Gen1DeviceView;
}) {
  const q = useQuery(latestQueryOptions(kind, device.serial, mac));
  const r = q.data;
  const values = r?.values ?? ['', ''];
  const fresh = r ? Date.now() - Date.parse(r.time) < DEVICE_FRESH_MS : false;
  return (
    <Table.Tr>
      <Table.Td>{device.name}</Table.Td>
      <Table.Td>{device.serial}</Table.Td>
      {q.isError ? (
        <Table.Td colSpan={4}>
          <Alert color="red" p={4}>
            {errorMessage(q.error)}
          </Alert>
        </Table.Td>
      ) : (
        <>
          <Table.Td>{r ? formatStamp(r.time) : q.isPending ? '…' : 'No data'}</Table.Td>
          <Table.Td>{values[0]}</Table.Td>
          <Table.Td>{values[1]}</Table.Td>
          <Table.Td>
            {r && (
              <Badge color={fresh ? 'green' : 'gray'} variant="light">
                {fresh ? 'active' : 'older than 24 h'}
              </Badge>
            )}
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}
