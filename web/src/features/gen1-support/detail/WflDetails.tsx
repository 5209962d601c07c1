import type { Gen1Account, Room, WflView } from '@console/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { ConfirmDeleteModal } from '../../../shared/ui/ConfirmDeleteModal.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { noteKeys } from '../../notes/queries.ts';
import { accountEdits } from '../api.ts';
import { gen1Keys } from '../queries.ts';
import { WflCommandPanels } from '../wfl-commands/index.ts';
import { shownMac } from '../wfl-display.ts';
import { WflMorePanels } from '../wfl-panels/WflMorePanels.tsx';
import { RawDataPanel } from '../wfl-raw/RawDataPanel.tsx';
import { PingMonitor } from '../wfl-readings/PingMonitor.tsx';
import { ReadingsPanel } from '../wfl-readings/ReadingsPanel.tsx';
import { AccountTables } from './AccountTables.tsx';

interface WflDetailsProps {
  account: Gen1Account;
  wfl: WflView;
  onClose: () => void;
}

/** A WFL's All Details: the command panels (Pings, Commands, Poke…) and its raw data. */
export function WflDetails({ account, wfl, onClose }: WflDetailsProps) {
  const [room, setRoom] = useState<Room | null>(null);
  return (
    <Stack gap="md" py="sm" aria-label={`Details of WFL ${wfl.wfl_id}`} component="section">
      <Group justify="space-between">
        <Title order={4}>
          All details of {wfl.name} ({shownMac(wfl)})
        </Title>
        <Button size="compact-sm" variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      <WflCommandPanels
        userId={account.user.user_id}
        wfl={{ wfl_id: wfl.wfl_id, mac: wfl.mac, name: wfl.name }}
      />
      <WflMorePanels userId={account.user.user_id} wflId={wfl.wfl_id} />
      <PingMonitor mac={wfl.mac} />
      <ReadingsPanel
        kind="temps"
        mac={wfl.mac}
        devices={account.devices.filter((d) => d.wfl_id === wfl.wfl_id)}
      />
      <ReadingsPanel
        kind="energy"
        mac={wfl.mac}
        devices={account.devices.filter((d) => d.wfl_id === wfl.wfl_id)}
      />
      <RawDataPanel account={account} wflId={wfl.wfl_id} />
      <AccountTables
        account={account}
        wflId={wfl.wfl_id}
        roomActions={(r) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => notifications.show({ message: 'not implemented yet' })}
            >
              Edit
            </Button>
            <Button size="compact-xs" variant="light" color="red" onClick={() => setRoom(r)}>
              Delete
            </Button>
          </Group>
        )}
      />
      {room && <DeleteRoom room={room} userId={account.user.user_id} onClose={() => setRoom(null)} />}
    </Stack>
  );
}

function DeleteRoom({ room, userId, onClose }: { room: Room; userId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [withDevices, setWithDevices] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      accountEdits.deleteRoom(room.room_id, { old: { name: room.name }, deleteDevices: withDevices }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.account(userId) });
      void queryClient.invalidateQueries({ queryKey: noteKeys.notes(String(userId)) });
      onClose();
    },
  });
  return (
    <ConfirmDeleteModal
      opened
      title={`Delete room ${room.room_id}?`}
      loading={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <Text size="sm">Room {room.name} is deleted with its moods.</Text>
      <Toggle label="Delete its devices too" checked={withDevices} onChange={setWithDevices} />
      {remove.error && (
        <Alert color="red" role="alert">
          {errorMessage(remove.error)}
        </Alert>
      )}
    </ConfirmDeleteModal>
  );
}
