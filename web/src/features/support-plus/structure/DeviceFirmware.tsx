import {
  type DeviceCard,
  type FirmwareRelease,
  HUB_ACTION_TEXT,
  type HubActionResult,
} from '@console/contracts';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DialogButton } from '../../../shared/ui/DialogButton.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { noteKeys } from '../../notes/queries.ts';
import { useWatchedAction } from '../../waterfall/use-watched-action.ts';
import { Waterfall } from '../../waterfall/Waterfall.tsx';
import { sendHubAction } from '../hub/hub-queries.ts';

interface FirmwareInfo {
  deviceId: string;
  productCode: string;
  firmwareVersion: string;
  releases: FirmwareRelease[];
}

const firstPayload = (r: HubActionResult) => r.items[0]?.payload as Record<string, unknown> | undefined;

/**
 * The device dialog's firmware (seed 001 §2, §6, §8): the device's firmware and the releases the hub
 * offers it (restricted ones only when asked, and warned), an Update per release that asks 'Confirm
 * Update' first, 'internal' releases only for the firmware role ('Permission Denied' otherwise, and
 * hub-control refuses them too), and the update's result.
 */
export function DeviceFirmware({ device }: { device: DeviceCard }) {
  return (
    <DialogButton label="Firmware" title={`Firmware of ${device.name || device.deviceId}`}>
      {() => <FirmwarePanel device={device} />}
    </DialogButton>
  );
}

function FirmwarePanel({ device }: { device: DeviceCard }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const mayInternal = me.roles.includes('firmware') || me.roles.includes('admin');
  const [restricted, setRestricted] = useState(false);
  const [chosen, setChosen] = useState<FirmwareRelease | null>(null);
  // The command waterfall of the last read or update (an update's releases look-up included).
  const { watching, sending } = useWatchedAction();
  const read = useMutation({
    mutationFn: (notForGeneralRelease: boolean) =>
      sendHubAction(
        'hub-control.firmwareRead',
        { deviceId: device.deviceId, notForGeneralRelease },
        sending(),
      ),
  });
  const update = useMutation({
    mutationFn: (r: FirmwareRelease) =>
      sendHubAction(
        'hub-control.firmwareUpdate',
        {
          deviceId: device.deviceId,
          releaseId: r.releaseId,
          productCode: device.productCode,
        },
        sending(),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
  const info = read.data ? (firstPayload(read.data) as unknown as FirmwareInfo | undefined) : undefined;
  const done = update.data ? firstPayload(update.data) : undefined;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="end">
        <Toggle label="Include restricted releases" checked={restricted} onChange={setRestricted} />
        <Button size="compact-sm" onClick={() => read.mutate(restricted)} loading={read.isPending}>
          Read firmware
        </Button>
      </Group>
      {read.isError && <Alert color="red">{errorMessage(read.error)}</Alert>}
      {info && (
        <>
          <Text size="sm" aria-label="Device firmware">
            {info.productCode} · firmware {info.firmwareVersion}
          </Text>
          {info.releases.length === 0 ? (
            <Text c="dimmed">{HUB_ACTION_TEXT.noFirmwareUpdate}</Text>
          ) : (
            <ColumnTable
              label="Firmware releases"
              rows={info.releases}
              rowKey={(r) => r.releaseId}
              columns={[
                { header: 'Release', cell: (r) => r.releaseName },
                { header: 'Version', cell: (r) => r.version },
                {
                  header: 'Categories',
                  cell: (r) => (
                    <Group gap={4}>
                      {r.categories.map((c) => (
                        <Badge key={c} size="xs" color={c === 'internal' ? 'violet' : 'gray'}>
                          {c}
                        </Badge>
                      ))}
                      {r.notForGeneralRelease && (
                        <Badge size="xs" color="orange" tt="none">
                          {HUB_ACTION_TEXT.restricted}
                        </Badge>
                      )}
                    </Group>
                  ),
                },
                {
                  header: '',
                  cell: (r) =>
                    r.categories.includes('internal') && !mayInternal ? (
                      <Text size="xs" c="red">
                        {HUB_ACTION_TEXT.permissionDenied}
                      </Text>
                    ) : (
                      <Button size="compact-xs" variant="light" onClick={() => setChosen(r)}>
                        Update
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </>
      )}
      {watching && <Waterfall key={watching} correlationId={watching} />}
      {update.isError && <Alert color="red">{errorMessage(update.error)}</Alert>}
      {done && (
        <Alert color="teal" role="status">
          Updated from {String(done.previousVersion)} to {String(done.firmwareVersion)}.
        </Alert>
      )}
      {chosen && (
        <Modal opened onClose={() => setChosen(null)} title={`Update to ${chosen.releaseName}?`}>
          <Stack gap="sm">
            {chosen.notForGeneralRelease && <Alert color="orange">{HUB_ACTION_TEXT.restricted}</Alert>}
            <Text size="sm">
              {device.name || device.deviceId} goes from {info?.firmwareVersion} to {chosen.version}.
            </Text>
            <Group justify="end">
              <Button variant="default" onClick={() => setChosen(null)}>
                Cancel
              </Button>
              <Button
                loading={update.isPending}
                onClick={() => {
                  update.mutate(chosen);
                  setChosen(null);
                }}
              >
                Confirm Update
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
