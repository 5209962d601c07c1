import type { DeviceCard, StructureDetail } from '@console/contracts';
import { Badge, Card, Group, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { DetailsButton } from './DetailsButton.tsx';
import { CATEGORY_LABEL, filterDevices, isLongSerial, page, STATUS_COLOUR } from './structure-view.ts';

const PAGE = 30;

/** Devices by category in the tab's order (seed 001 §2), every category shown, each paged. */
export function DevicesTab({ devices }: { devices: StructureDetail['devices'] }) {
  const [filter, setFilter] = useState('');
  const shown = filterDevices(devices, filter);
  return (
    <Stack gap="md">
      <TextInput
        label="Filter devices"
        placeholder="Name, serial, product code or device id"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      {shown.map((c) => (
        <Category key={c.category} label={CATEGORY_LABEL[c.category]} devices={c.devices} />
      ))}
    </Stack>
  );
}

function Category({ label, devices }: { label: string; devices: DeviceCard[] }) {
  const [at, setAt] = useState(1);
  const { items, pages } = page(devices, at, PAGE);
  return (
    <section aria-label={label}>
      <Title order={5} mb={6}>
        {label} ({devices.length})
      </Title>
      {devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {items.map((d) => (
            <DeviceTile key={d.deviceId} device={d} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Pagination
          mt="xs"
          size="sm"
          total={pages}
          value={at}
          onChange={setAt}
          aria-label={`${label} pages`}
        />
      )}
    </section>
  );
}

function DeviceTile({ device: d }: { device: DeviceCard }) {
  const colour = STATUS_COLOUR[d.deviceStatus] ?? 'gray';
  return (
    <Card
      withBorder
      padding="xs"
      role="article"
      aria-label={`Device ${d.name}`}
      style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)` }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {d.name || d.deviceId}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge color={colour} size="xs">
            {d.deviceStatus}
          </Badge>
          <DetailsButton
            title={`Device ${d.name || d.deviceId}`}
            value={d}
            record={{ database: 'products', filter: { deviceId: d.deviceId } }}
          />
        </Group>
      </Group>
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
    </Card>
  );
}
