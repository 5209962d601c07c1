import { ANALYTICS_DEFAULTS, type RecentStructures } from '@console/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { AnchorLink } from '../shell/RouterLinks.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { Answer, CsvButton, day, RangeLoad, supportPlusSearch } from './parts.tsx';
import { recentStructuresQueryOptions, type StructuresRange } from './queries.ts';

type Row = RecentStructures['structures'][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor('rootGroupId', { header: 'Structure', cell: (c) => supportPlusSearch(c.getValue()) }),
  col.accessor('createdDate', { header: 'Created Date', cell: (c) => day(c.getValue()) }),
  col.accessor('l2', { header: 'L2s' }),
  col.accessor('smart', { header: 'Smart' }),
  col.accessor('connect', { header: 'Connect' }),
  col.accessor('others', { header: 'Others' }),
  col.accessor('total', { header: 'Total' }),
];
const HEADERS = ['Structure', 'Created Date', 'L2s', 'Smart', 'Connect', 'Others', 'Total'] as const;

/**
 * `/linkplus-structures-recent` (analytics spec §2): structures created recently (default the last
 * 14 days, limit 1000) with their device counts; empty structures are counted, not listed.
 */
export function RecentStructuresScreen() {
  const [range, setRange] = useState<StructuresRange>({
    from: '',
    to: '',
    limit: ANALYTICS_DEFAULTS.recentStructuresLimit,
  });
  const q = useQuery(recentStructuresQueryOptions(range));
  return (
    <Stack gap="md">
      <Title order={2}>Recent Structures</Title>
      <RangeLoad initialLimit={ANALYTICS_DEFAULTS.recentStructuresLimit} onLoad={setRange} />
      <Answer q={q}>
        {(a) => (
          <>
            <Group gap="lg" aria-label="Summary" role="group">
              <Text size="sm">
                {day(a.from)} to {day(a.to)}
              </Text>
              <Text size="sm">Total structures: {a.summary.total}</Text>
              <Text size="sm">Empty: {a.summary.empty}</Text>
              <Text size="sm">Smart: {a.summary.smart}</Text>
              <Text size="sm">Connect: {a.summary.connect}</Text>
              <Text size="sm">Others: {a.summary.others}</Text>
              <CsvButton
                name="recent-structures"
                headers={HEADERS}
                rows={a.structures.map((r) => [
                  r.rootGroupId,
                  r.createdDate,
                  r.l2,
                  r.smart,
                  r.connect,
                  r.others,
                  r.total,
                ])}
              />
              <AnchorLink to="/linkplus-product-structures-recent" size="sm">
                By product generation
              </AnchorLink>
            </Group>
            <DataTable
              label="Recent structures"
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
