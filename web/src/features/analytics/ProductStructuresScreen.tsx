import { ANALYTICS_DEFAULTS, GENERATIONS, type ProductStructures } from '@console/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../ui/DataTable.tsx';
import { Answer, CsvButton, day, RangeLoad, supportPlusSearch } from './parts.tsx';
import { productStructuresQueryOptions, type StructuresRange } from './queries.ts';

type Row = ProductStructures['structures'][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor('rootGroupId', { header: 'Structure', cell: (c) => supportPlusSearch(c.getValue()) }),
  col.accessor('name', { header: 'Name' }),
  col.accessor('createdDate', { header: 'Created Date', cell: (c) => day(c.getValue()) }),
  col.accessor('user', {
    header: 'User',
    cell: (c) => (c.getValue() ? supportPlusSearch(c.getValue() as string) : '—'),
  }),
  ...GENERATIONS.map((g) => col.accessor(g, { header: g })),
  col.accessor('total', { header: 'Total' }),
];
const HEADERS = ['Structure', 'Name', 'Created Date', 'User', ...GENERATIONS, 'Total'] as const;

/**
 * `/linkplus-product-structures-recent` (analytics spec §2): recent structures with their devices
 * per generation (default the last 7 days, limit 2000), and the summary: total, total shown,
 * empty, and the share of structures having connect, smart, lwrfTwWay_v1 and other devices.
 */
export function ProductStructuresScreen() {
  const [range, setRange] = useState<StructuresRange>({
    from: '',
    to: '',
    limit: ANALYTICS_DEFAULTS.productStructuresLimit,
  });
  const q = useQuery(productStructuresQueryOptions(range));
  return (
    <Stack gap="md">
      <Title order={2}>Recent Product Structures</Title>
      <RangeLoad initialLimit={ANALYTICS_DEFAULTS.productStructuresLimit} onLoad={setRange} />
      <Answer q={q}>
        {(a) => (
          <>
            <Group gap="lg" aria-label="Summary" role="group">
              <Text size="sm">
                {day(a.from)} to {day(a.to)}
              </Text>
              <Text size="sm">Total: {a.summary.total}</Text>
              <Text size="sm">Total shown: {a.summary.totalShown}</Text>
              <Text size="sm">Empty: {a.summary.empty}</Text>
              {GENERATIONS.map((g) => (
                <Text size="sm" key={g}>
                  {g}: {a.summary.percent[g].toFixed(1)}%
                </Text>
              ))}
              <CsvButton
                name="product-structures-recent"
                headers={HEADERS}
                rows={a.structures.map((r) => [
                  r.rootGroupId,
                  r.name,
                  r.createdDate,
                  r.user,
                  ...GENERATIONS.map((g) => r[g]),
                  r.total,
                ])}
              />
            </Group>
            <DataTable
              label="Recent product structures"
              data={a.structures}
              columns={columns}
              rowKey={(r) => r.rootGroupId}
            />
          </>
        )}
      </Answer>
    </Stack>
  );
}
