import type { DeviceCard, FeatureCard, StructureDetail } from '@console/contracts';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../../../shared/ui/bound.ts';
import { DeviceFeatures } from './DeviceFeatures.tsx';
import { DeviceFirmware } from './DeviceFirmware.tsx';
import { iconOf, useIconList } from './icons/use-device-icons.ts';
import { PagedCards } from './PagedCards.tsx';
import { PreviousInstalls } from './PreviousInstalls.tsx';
import { RecordTile } from './RecordTile.tsx';
import {
  CATEGORY_LABEL,
  DEVICE_ORDERS,
  type DeviceOrder,
  filterDevices,
  isLongSerial,
  orderDevices,
  STATUS_COLOUR,
} from './structure-view.ts';
import { UnpairedDevices } from './UnpairedDevices.tsx';

/**
 * Devices by category in the tab's order (seed 001 §2), every category shown, each paged and ordered
 * within by the chosen order; each card with its product's icon (after the icon list loads, 3 s after
 * start; a fallback before and for codes it does not hold); then the un-paired ones on click.
 */
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
  const [order, setOrder] = useState<DeviceOrder>('structure');
  const icons = useIconList();
  const shown = orderDevices(filterDevices(devices, filter), order);
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput
          label="Filter devices"
          placeholder="Name, serial, product code or device id"
          {...bound(filter, setFilter)}
          w={420}
        />
        <Select
          label="Order devices by"
          data={DEVICE_ORDERS}
          value={order}
          onChange={(v) =>
            setOrder((DEVICE_ORDERS.find((o) => o.value === v)?.value ?? 'structure') as DeviceOrder)
          }
          allowDeselect={false}
          w={200}
        />
      </Group>
      {shown.map((c) => (
        <PagedCards
          key={c.category}
          label={CATEGORY_LABEL[c.category]}
          items={c.devices}
          card={(d) => (
            <DeviceTile key={d.deviceId} device={d} features={features} groups={groups} icons={icons} />
          )}
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
  icons,
}: {
  device: DeviceCard;
  features: FeatureCard[];
  groups?: StructureDetail['groups'];
  icons: ReturnType<typeof useIconList>;
}) {
  const colour = STATUS_COLOUR[d.deviceStatus] ?? 'gray';
  const { code, icon } = iconOf(icons, d);
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
        <Text
          span
          size="md"
          c={icon.css}
          mr={4}
          role="img"
          aria-label={code ? `${code} icon` : 'Fallback device icon'}
          title={icon.search}
        >
          {icon.glyph}
        </Text>
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
        <PreviousInstalls device={d} />
      </Group>
    </RecordTile>
  );
}
