import { ANALYTICS_DEFAULTS, type RecentStructures } from '@console/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { AnchorLink } from '../shell/RouterLinks.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { CsvButton, day, type ExportFields, RangeScreen, Summary, supportPlusSearch } from './parts.tsx';
import { recentStructuresQueryOptions } from './queries.ts';

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
const EXPORT: ExportFields<Row> = [
  ['Structure', (r) => r.rootGroupId],
  ['Created Date', (r) => r.createdDate],
  ['L2s', (r) => r.l2],
  ['Smart', (r) => r.smart],
  ['Connect', (r) => r.connect],
  ['Others', (r) => r.others],
  ['Total', (r) => r.total],
];

/**
 * `/linkplus-structures-recent` (analytics spec §2): structures created recently (default the last
 * 14 days, limit 1000) with their device counts; empty structures are counted, not listed.
 */
export function RecentStructuresScreen() {
  return (
    <RangeScreen
      title="Recent Structures"
      defaultLimit={ANALYTICS_DEFAULTS.recentStructuresLimit}
      query={recentStructuresQueryOptions}
    >
      {(a) => (
        <>
          <Summary
            facts={[
              ['', `${day(a.from)} to ${day(a.to)}`],
              ['Total structures', a.summary.total],
              ['Empty', a.summary.empty],
              ['Smart', a.summary.smart],
              ['Connect', a.summary.connect],
              ['Others', a.summary.others],
            ]}
          >
            <CsvButton name="recent-structures" rows={a.structures} fields={EXPORT} />
            <AnchorLink to="/linkplus-product-structures-recent" size="sm">
              By product generation
            </AnchorLink>
          </Summary>
          <DataTable
            label="Recent structures"
            data={a.structures}
            columns={columns}
            rowKey={(r) => r.rootGroupId}
          />
        </>
      )}
    </RangeScreen>
  );
}
