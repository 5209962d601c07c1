import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import { ClosablePanel } from './ClosablePanel.tsx';
import { alexaQueryOptions } from './queries.ts';

type Device = { name: string; endpointId: string; type: string };
const COLUMNS: Column<Device>[] = [
  { header: 'Name', cell: (d) => d.name },
  { header: 'Endpoint', cell: (d) => d.endpointId },
  { header: 'Type', cell: (d) => d.type },
];

/** Alexa discovered devices (seed 000 §2): update time, the auth user id, the devices, the error in red. */
export function AlexaPanel({ userId, onClose }: { userId: number; onClose: () => void }) {
  const q = useQuery(alexaQueryOptions(userId));
  const d = q.data?.discovery;
  return (
    <ClosablePanel
      title="Alexa discovered devices"
      onClose={onClose}
      q={q}
      empty={q.data && !d && 'No Alexa account is connected to this user.'}
    >
      {d && (
        <Stack gap={4}>
          <Text size="sm">Updated {formatLocal(d.updated)}</Text>
          <Text size="sm">Auth user id {d.auth_user_id}</Text>
          {d.error && (
            <Text size="sm" c="red" role="alert">
              {d.error}
            </Text>
          )}
          {d.devices.length === 0 ? (
            <Text size="sm" c="dimmed">
              No devices discovered.
            </Text>
          ) : (
            <ColumnTable
              label="Alexa devices"
              striped
              rows={d.devices}
              columns={COLUMNS}
              rowKey={(x) => x.endpointId}
            />
          )}
        </Stack>
      )}
    </ClosablePanel>
  );
}
