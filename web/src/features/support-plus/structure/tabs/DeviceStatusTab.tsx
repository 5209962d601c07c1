import { Badge, Stack, Text } from '@mantine/core';
import { accessor, stamp } from './columns.tsx';
import type { PagedTabSpec } from './PagedTable.tsx';

const STATUS_COLOUR: Record<string, string> = { connected: 'green', disconnected: 'red' };
const columns = [
  stamp('timestamp', 'Time'),
  accessor((r) => String(r.deviceId ?? ''), {
    id: 'device',
    header: 'Device',
    cell: (c) => {
      const r = c.row.original;
      return (
        <Stack gap={0}>
          <Text size="sm">{String(r.deviceId)}</Text>
          <Text size="xs" c="dimmed">
            link {String(r.linkId)} · {String(r.productCode)} · feature sets{' '}
            {((r.featureSets as string[] | undefined) ?? []).join(', ') || 'none'}
          </Text>
        </Stack>
      );
    },
  }),
  accessor((r) => String(r.status ?? 'unknown'), {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <Badge size="xs" color={STATUS_COLOUR[c.getValue()] ?? 'gray'}>
        {c.getValue()}
      </Badge>
    ),
  }),
];

/** D-Status (seed 001 §2): device status history, 10 a page, with a text search. */
export const deviceStatusTab: PagedTabSpec = {
  label: 'Device status',
  path: '/api/supportPlus/datamonitor/device-status',
  dateField: 'timestamp',
  columns,
  search: 'Search device status',
};
