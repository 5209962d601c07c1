import type { DeviceTypeRow, DeviceTypeValueRow } from '@console/contracts';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { call } from '../../../shared/api/call.ts';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useCtrlArrowPaging } from '../../../shared/ui/use-ctrl-arrow-paging.ts';

const pageQuery = (page: number) =>
  queryOptions({
    queryKey: ['gen1', 'device-types', page] as const,
    queryFn: ({ signal }) => call('search.deviceTypes', { params: { page }, signal }),
    placeholderData: keepPreviousData,
  });
const valuesQuery = (id: number) =>
  queryOptions({
    queryKey: ['gen1', 'device-type-values', id] as const,
    queryFn: ({ signal }) => call('search.deviceTypeValues', { params: { id }, signal }),
  });

const yes = (b: boolean) => (b ? 'yes' : 'no');

/** `/devicetypes` (seed 000 §2): the Gen1 device types, 10 a page, ctrl+← / ctrl+→ to page, and each one's values. */
export function DeviceTypesScreen() {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery(pageQuery(page));
  const pages = q.data?.pages ?? 1;
  const go = useCallback(
    (step: -1 | 1) => setPage((p) => Math.min(Math.max(0, p + step), Math.max(0, pages - 1))),
    [pages],
  );
  useCtrlArrowPaging(go);
  return (
    <Stack gap="md">
      <Title order={1}>Device Types</Title>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => go(-1)} disabled={page === 0}>
          ← Previous
        </Button>
        <Button variant="default" size="xs" onClick={() => go(1)} disabled={page >= pages - 1}>
          Next →
        </Button>
        <Text size="sm" data-testid="page-info">
          Page {page + 1} / {pages} · {q.data?.total ?? 0} types
        </Text>
        <Text size="xs" c="dimmed">
          ctrl+← / ctrl+→ page too
        </Text>
      </Group>
      {q.isError && <ErrorAlert error={q.error} />}
      {q.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : (
        <ColumnTable<DeviceTypeRow>
          label="Device types"
          withTableBorder
          rows={q.data?.types ?? []}
          rowKey={(t) => t.deviceTypeId}
          columns={[
            { header: 'Id', cell: (t) => t.deviceTypeId },
            { header: 'Name', cell: (t) => t.name },
            { header: 'WLF code', cell: (t) => t.wlfCode },
            { header: 'Active', cell: (t) => yes(t.active) },
            { header: 'Prod', cell: (t) => yes(t.prod) },
            { header: 'Heating', cell: (t) => yes(t.heating) },
            {
              header: 'Values',
              cell: (t) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setOpen(open === t.deviceTypeId ? null : t.deviceTypeId)}
                >
                  {t.values} values
                </Button>
              ),
            },
          ]}
        />
      )}
      {open !== null && <TypeValues id={open} />}
    </Stack>
  );
}

function TypeValues({ id }: { id: number }) {
  const q = useQuery(valuesQuery(id));
  if (q.isError) return <ErrorAlert error={q.error} />;
  return (
    <ColumnTable<DeviceTypeValueRow>
      label={`Values of device type ${id}`}
      withTableBorder
      rows={q.data ?? []}
      rowKey={(v) => v.deviceTypeValueId}
      columns={[
        { header: 'Id', cell: (v) => v.deviceTypeValueId },
        { header: 'Value', cell: (v) => v.value },
        { header: 'WLF code', cell: (v) => v.wlfCode },
        { header: 'Description', cell: (v) => v.description },
      ]}
    />
  );
}
