import type { DeviceCard } from '@console/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DialogButton } from '../../../shared/ui/DialogButton.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { QueryState } from '../../../shared/ui/QueryAnswer.tsx';
import { recordsQueryOptions } from '../queries.ts';
import { STRUCTURE_TEXT } from './structure-view.ts';

interface Install {
  _id: string;
  archive?: { deviceId?: string; createdDate?: string; name?: string };
  rootGroupId?: string;
  linkId?: number;
  createdDate?: string;
  reason?: string;
}

/** How many earlier installs of one serial are read. */
const INSTALLS_LIMIT = 50;

/**
 * A device's previous installs (seed 001 §8): the archived product records with its serial (each an
 * earlier pairing, un-paired since), newest first; 'No previous installs' when there are none, and
 * 'Previously connected to a different Link' when one was on another link than the device is now.
 */
export function PreviousInstalls({ device }: { device: Pick<DeviceCard, 'serial' | 'linkId' | 'name'> }) {
  return (
    <DialogButton
      label="Previous installs"
      title={`Previous installs of ${device.name}`}
      disabled={!device.serial}
    >
      {() => <InstallList serial={device.serial as string} linkId={device.linkId} />}
    </DialogButton>
  );
}

function InstallList({ serial, linkId }: { serial: string; linkId: number }) {
  const q = useQuery(
    recordsQueryOptions({
      database: 'product-archives',
      filter: { 'archive.serial': serial },
      sort: { createdDate: -1 },
      limit: INSTALLS_LIMIT,
    }),
  );
  if (!q.isSuccess)
    return (
      <QueryState q={q} loading="Loading previous installs" failed="The previous installs did not load" />
    );
  const rows = q.data.documents as unknown as Install[];
  if (rows.length === 0) return <Text c="dimmed">{STRUCTURE_TEXT.noPreviousInstalls}</Text>;
  const elsewhere = rows.some((r) => r.linkId !== undefined && r.linkId !== linkId);
  return (
    <Stack gap="xs">
      {elsewhere && <Alert color="orange">{STRUCTURE_TEXT.differentLink}</Alert>}
      <ColumnTable
        label="Previous installs"
        rows={rows}
        rowKey={(r) => r._id}
        columns={[
          { header: 'Un-paired', cell: (r) => formatStamp(r.createdDate) },
          { header: 'Name', cell: (r) => r.archive?.name ?? '—' },
          { header: 'Device id', cell: (r) => r.archive?.deviceId ?? '—' },
          { header: 'Structure', cell: (r) => r.rootGroupId ?? '—' },
          { header: 'Link', cell: (r) => r.linkId ?? '—' },
          { header: 'Reason', cell: (r) => r.reason ?? '—' },
        ]}
      />
    </Stack>
  );
}
