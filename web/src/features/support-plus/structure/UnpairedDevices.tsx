import { SUPPORT_PLUS_LIMIT } from '@console/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DetailsModal } from '../../../shared/ui/DetailsModal.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { RowButton } from '../../../shared/ui/RowButton.tsx';
import { recordsQueryOptions } from '../queries.ts';

interface Archived {
  _id: string;
  archive?: { createdDate?: string; deviceId?: string; productCode?: string; serial?: string; name?: string };
  createdDate?: string;
  reason?: string;
  restoreReason?: string;
  linkId?: number;
}

/**
 * The Devices tab's 'Un-Paired Devices' (seed 001 §2, §3): the structure's archived products,
 * loaded only when asked, newest first (the generic read's limit at the most), each opening its record.
 */
export function UnpairedDevices({ rootGroupId }: { rootGroupId: string }) {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState<Archived | null>(null);
  const q = useQuery({
    ...recordsQueryOptions({
      database: 'product-archives',
      filter: { rootGroupId },
      sort: { createdDate: -1 },
      limit: SUPPORT_PLUS_LIMIT.max,
    }),
    enabled: asked,
  });
  const rows = (q.data?.documents ?? []) as unknown as Archived[];
  return (
    <Paper withBorder p="sm" component="section" aria-label="Un-Paired Devices">
      <Stack gap="xs">
        <Button variant="light" w="fit-content" onClick={() => setAsked(true)} loading={q.isFetching}>
          Un-Paired Devices
        </Button>
        {q.isError && <ErrorAlert error={q.error} title="The un-paired devices did not load" />}
        {q.data && rows.length === 0 && <Text c="dimmed">No results found</Text>}
        {q.data?.truncated && <Text size="xs">The newest {rows.length} are shown.</Text>}
        {rows.length > 0 && (
          <ColumnTable
            label="Un-paired devices"
            rows={rows}
            rowKey={(r) => r._id}
            columns={[
              {
                header: 'Un-paired',
                cell: (r) => <RowButton onClick={() => setOpen(r)}>{formatStamp(r.createdDate)}</RowButton>,
              },
              { header: 'Name', cell: (r) => r.archive?.name ?? '—' },
              { header: 'Device id', cell: (r) => r.archive?.deviceId ?? '—' },
              { header: 'Product', cell: (r) => r.archive?.productCode ?? '—' },
              { header: 'Serial', cell: (r) => r.archive?.serial ?? '—' },
              { header: 'Link', cell: (r) => r.linkId ?? '—' },
              { header: 'Reason', cell: (r) => r.reason ?? '—' },
              { header: 'Restore reason', cell: (r) => r.restoreReason ?? '—' },
            ]}
          />
        )}
      </Stack>
      <DetailsModal title="Un-paired device" value={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
