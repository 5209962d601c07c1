import { type StructureDetail, UNPAIRED_DIAGNOSTICS } from '@console/contracts';
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../../shared/api/call.ts';
import { errorMessage } from '../../../../shared/api/client.ts';
import { STATUS_COLOUR } from '../structure-view.ts';
import { accessor, stamp } from './columns.tsx';
import { onlyItem } from './hub-item.ts';
import { PagedTable } from './PagedTable.tsx';

/** Texts of the device status check (seed 001 §4, §8). */
export const DEVICE_STATUS_TEXT = {
  unpaired: 'Un-pair was received, see diagnostics',
  noDiagnostics: 'This device has no diagnostics feature.',
} as const;

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
    cell: (c) => <StatusBadge status={c.getValue()} />,
  }),
];

const StatusBadge = ({ status }: { status: string }) => (
  <Badge size="xs" color={STATUS_COLOUR[status] ?? 'gray'}>
    {status}
  </Badge>
);

/** What a status check found: the status the link gave, and on 'disconnected' its diagnostics value. */
interface StatusCheck {
  status: string;
  /** The diagnostics feature's value; null when the device has none, undefined when not asked. */
  diagnostics?: number | null;
}

/**
 * A device's status now (seed 001 §4): asked of its link (getDeviceStatus); 'unknown' when the
 * link gives none. On 'disconnected' the device's diagnostics feature is read, and 167772160 says
 * 'Un-pair was received, see diagnostics'.
 */
async function checkStatus(detail: StructureDetail, deviceId: string): Promise<StatusCheck> {
  const device = detail.devices.flatMap((c) => c.devices).find((d) => d.deviceId === deviceId);
  const linkId = device?.linkId;
  const answer = onlyItem(await call('hub-control.getDeviceStatus', { body: { deviceId, linkId } }));
  const status = String(answer.payload.status ?? 'unknown');
  if (status !== 'disconnected') return { status };
  const feature = detail.features.find((f) => f.deviceId === deviceId && f.type === 'diagnostics');
  if (!feature) return { status, diagnostics: null };
  const read = onlyItem(
    await call('hub-control.featureRead', { body: { featureId: feature.featureId, linkId } }),
  );
  return { status, diagnostics: Number(read.payload.value) };
}

function StatusNow({ detail }: { detail: StructureDetail }) {
  const devices = detail.devices.flatMap((c) => c.devices);
  const [deviceId, setDeviceId] = useState<string | null>(devices[0]?.deviceId ?? null);
  const check = useMutation({ mutationFn: (id: string) => checkStatus(detail, id) });
  const found = check.data;
  return (
    <Stack gap="xs" role="region" aria-label="Device status now">
      <Group gap="sm" align="flex-end">
        <Select
          label="Device"
          searchable
          allowDeselect={false}
          w={360}
          value={deviceId}
          onChange={(v) => {
            setDeviceId(v);
            check.reset();
          }}
          data={devices.map((d) => ({
            value: d.deviceId,
            label: `${d.name || d.productCode} (${d.deviceId})`,
          }))}
        />
        <Button
          size="xs"
          disabled={!deviceId}
          loading={check.isPending}
          onClick={() => deviceId && check.mutate(deviceId)}
        >
          Get Status
        </Button>
      </Group>
      {check.isError && <Text c="red" size="sm">{`failed: ${errorMessage(check.error)}`}</Text>}
      {found && (
        <Group gap="xs" aria-label="Status now">
          <Text size="sm">Status:</Text>
          <StatusBadge status={found.status} />
          {found.diagnostics === null && <Text size="sm">{DEVICE_STATUS_TEXT.noDiagnostics}</Text>}
          {typeof found.diagnostics === 'number' &&
            (found.diagnostics === UNPAIRED_DIAGNOSTICS ? (
              <Alert color="red" p={6}>
                {DEVICE_STATUS_TEXT.unpaired}
              </Alert>
            ) : (
              <Text size="sm">diagnostics {found.diagnostics}</Text>
            ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * D-Status (seed 001 §2, §4): a device's status now, asked of its link, and the device status
 * history, 10 a page, with a text search.
 */
export function DeviceStatusTab({ detail }: { detail: StructureDetail }) {
  return (
    <Stack gap="md">
      <StatusNow detail={detail} />
      <PagedTable
        label="Device status"
        operation="search.deviceStatus"
        body={{ rootGroupId: detail.structure.rootGroupId }}
        dateField="timestamp"
        columns={columns}
        search="Search device status"
      />
    </Stack>
  );
}
