import type { HubCard } from '@console/contracts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StructureLink } from '../overview/record-links.tsx';
import { structureQueryOptions } from '../queries.ts';
import { DeviceFeatures } from '../structure/DeviceFeatures.tsx';
import { DeviceFirmware } from '../structure/DeviceFirmware.tsx';

/**
 * The hub's common actions on the hub page (issue 30): each device on this link with its feature
 * read/write (Send, Toggle, after the typed 'ok') and firmware dialogs, the same components the
 * structure page's Devices tab opens, so a feature write is one click from the hub instead of three
 * screens. The devices come from the structure the hub belongs to (the structure page's query).
 */
export function HubDevices({ card }: { card: HubCard }) {
  const rootGroupId = card.rootGroupId;
  const structure = useQuery({ ...structureQueryOptions(rootGroupId ?? ''), enabled: rootGroupId !== null });
  if (rootGroupId === null) return null;
  const devices = structure.data?.devices.flatMap((c) => c.devices).filter((d) => d.linkId === card.hubId);
  return (
    <Paper withBorder p="md" component="section" aria-label="Devices on this link">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2}>Devices on this link{devices ? ` (${devices.length})` : ''}</Title>
          <Text size="sm">
            Structure <StructureLink rootGroupId={rootGroupId} />
          </Text>
        </Group>
        {structure.isPending && <Text size="sm">Loading the structure's devices…</Text>}
        {structure.isError && (
          <Text size="sm" c="red">
            The structure's devices could not be loaded; its page has them.
          </Text>
        )}
        {devices?.length === 0 && (
          <Text size="sm" c="dimmed">
            No device of the structure is on this link.
          </Text>
        )}
        {devices?.map((d) => (
          <Group
            key={d.deviceId}
            justify="space-between"
            wrap="nowrap"
            role="group"
            aria-label={`Device ${d.deviceId}`}
          >
            <Text size="sm" truncate>
              {d.name ? `${d.name} · ` : ''}
              {d.productCode} · {d.deviceId}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <DeviceFeatures
                device={d}
                features={structure.data?.features ?? []}
                groups={structure.data?.groups}
              />
              <DeviceFirmware device={d} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
