import type { DeviceListRow } from '@console/contracts';
import { Alert, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import type { DeviceSelection } from './params.ts';
import { deviceCommandsQueryOptions } from './queries.ts';

interface CommandSelectorProps {
  types: readonly DeviceListRow[];
  selection: DeviceSelection;
  onSelect: (next: DeviceSelection) => void;
}

/** Choose a device type, then one of its commands: the command's WLF code and description. */
export function CommandSelector({ types, selection, onSelect }: CommandSelectorProps) {
  const { type, command } = selection;
  const q = useQuery({ ...deviceCommandsQueryOptions(type ?? 0), enabled: type !== undefined });
  const device = type === undefined ? undefined : q.data;
  const commands = device?.commands ?? [];
  const chosen = commands.find((c) => c.deviceTypeValueId === command);
  return (
    <Paper withBorder p="md" component="section" aria-label="Command selector">
      <Stack gap="sm">
        <Title order={2}>Command selector</Title>
        <Group align="flex-end" gap="md">
          <Select
            label="Device type"
            placeholder="Choose a device type"
            searchable
            w={260}
            data={types.map((t) => ({ value: String(t.deviceTypeId), label: `${t.name} (${t.wlfCode})` }))}
            value={type === undefined ? null : String(type)}
            onChange={(v) => onSelect(v === null ? {} : { type: Number(v) })}
          />
          <Select
            label="Command"
            placeholder={device && commands.length === 0 ? 'No commands' : 'Choose a command'}
            searchable
            w={260}
            disabled={!device || commands.length === 0}
            data={commands.map((c) => ({ value: String(c.deviceTypeValueId), label: c.value }))}
            value={chosen ? String(chosen.deviceTypeValueId) : null}
            onChange={(v) =>
              onSelect(v === null || type === undefined ? { type } : { type, command: Number(v) })
            }
          />
        </Group>
        {type !== undefined && q.isError && <ErrorAlert error={q.error} />}
        {device && commands.length === 0 && (
          <Text size="sm" c="dimmed">
            {device.name} has no commands.
          </Text>
        )}
        {command !== undefined && device && !chosen && (
          <Alert color="orange">
            {device.name} has no command {command}; choose one of its commands.
          </Alert>
        )}
        {device && chosen && (
          <Table withTableBorder w="auto" aria-label="Chosen command" variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Device type</Table.Th>
                <Table.Td>
                  {device.name} ({device.wlfCode})
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Command</Table.Th>
                <Table.Td>{chosen.value}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>WLF code</Table.Th>
                <Table.Td>{chosen.wlfCode}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Td>{chosen.description}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
