import type { DeviceCard, FeatureCard, StructureDetail } from '@console/contracts';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../../ui/bound.ts';
import { DeviceFeatures } from './DeviceFeatures.tsx';
import { DeviceFirmware } from './DeviceFirmware.tsx';
import { PagedCards } from './PagedCards.tsx';
import { RecordTile } from './RecordTile.tsx';
import { CATEGORY_LABEL, filterDevices, isLongSerial, STATUS_COLOUR } from './structure-view.ts';
import { UnpairedDevices } from './UnpairedDevices.tsx';

/** Devices by category in the tab's order (seed 001 §2), every category shown, each paged; then the un-paired ones on click. */
export function DevicesTab({
  devices,
  features = [],
  groups,
  rootGroupId,
}: {
  devices: StructureDetail['devices'];
  features?: FeatureCard[];
  groups?: StructureDetail['groups'];
  /** The structure: its un-paired devices load on click. */
  rootGroupId?: string;
}) {
  const [filter, setFilter] = useState('');
  const shown = filterDevices(devices, filter);
  return (
    <Stack gap="md">
      <TextInput
        label="Filter devices"
        placeholder="Name, serial, product code or device id"
        {...bound(filter, setFilter)}
        maw={420}
      />
      {shown.map((c) => (
        <PagedCards
          key={c.category}
          label={CATEGORY_LABEL[c.category]}
          items={c.devices}
          card={(d) => <DeviceTile key={d.deviceId} device={d} features={features} groups={groups} />}
        />
      ))}
      {rootGroupId && <UnpairedDevices rootGroupId={rootGroupId} />}
    </Stack>
  );
}

function DeviceTile({
  device: d,
  features,
  groups,
}: {
  device: DeviceCard;
  features: FeatureCard[];
  groups?: StructureDetail['groups'];
}) {
  const colour = STATUS_COLOUR[d.deviceStatus] ?? 'gray';
  return (
    <RecordTile
      kind="Device"
      id={d.deviceId}
      value={d}
      record={{ database: 'products', filter: { deviceId: d.deviceId } }}
      badge={{ label: d.deviceStatus, color: colour }}
      style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)` }}
    >
      <Text size="xs" c="dimmed">
        {d.productCode}
        {d.virtualProductCode ? ` / ${d.virtualProductCode}` : ''} · link {d.linkId} · {d.deviceId}
      </Text>
      <Text size={isLongSerial(d.serial) ? 'xs' : 'sm'} ff="monospace">
        {d.serial ?? 'no serial'}
        {d.firmwareVersion ? ` · fw ${d.firmwareVersion}` : ''}
      </Text>
      <Group gap={4} mt={4}>
        {d.badBatch && (
          <Badge color="red" variant="light" size="sm" tt="none">
            {d.badBatchLabel ?? 'Bad batch'}
          </Badge>
        )}
        {d.firmwareBelow66 && (
          <Badge color="orange" variant="light" size="sm" tt="none">
            Firmware below 6.6
          </Badge>
        )}
        {d.unpaired && (
          <Badge color="gray" size="sm" tt="none">
            Un-paired
          </Badge>
        )}
        {!d.paired && !d.unpaired && (
          <Badge color="gray" variant="outline" size="sm" tt="none">
            Not paired
          </Badge>
        )}
        {d.migrated && (
          <Badge color="blue" variant="light" size="sm" tt="none">
            Migrated
          </Badge>
        )}
        {d.productMissing && (
          <Badge color="red" size="sm" tt="none">
            No product record
          </Badge>
        )}
      </Group>
      <Group gap={4} mt={4}>
        <DeviceFeatures device={d} features={features} groups={groups} />
        <DeviceFirmware device={d} />
      </Group>
    </RecordTile>
  );
}
