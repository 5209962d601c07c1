import { ANALYTICS_DEFAULTS, GENERATIONS, type ProductStructures } from '@console/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../ui/DataTable.tsx';
import { CsvButton, day, type ExportFields, RangeScreen, Summary, supportPlusSearch } from './parts.tsx';
import { productStructuresQueryOptions } from './queries.ts';

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
const EXPORT: ExportFields<Row> = [
  ['Structure', (r) => r.rootGroupId],
  ['Name', (r) => r.name],
  ['Created Date', (r) => r.createdDate],
  ['User', (r) => r.user],
  ...GENERATIONS.map((g) => [g, (r: Row) => r[g]] as const),
  ['Total', (r) => r.total],
];

/**
 * `/linkplus-product-structures-recent` (analytics spec §2): recent structures with their devices
 * per generation (default the last 7 days, limit 2000), and the summary: total, total shown,
 * empty, and the share of structures having connect, smart, lwrfTwWay_v1 and other devices.
 */
export function ProductStructuresScreen() {
  return (
    <RangeScreen
      title="Recent Product Structures"
      defaultLimit={ANALYTICS_DEFAULTS.productStructuresLimit}
      query={productStructuresQueryOptions}
    >
      {(a) => (
        <>
          <Summary
            facts={[
              ['', `${day(a.from)} to ${day(a.to)}`],
              ['Total', a.summary.total],
              ['Total shown', a.summary.totalShown],
              ['Empty', a.summary.empty],
              ...GENERATIONS.map((g) => [g, `${a.summary.percent[g].toFixed(1)}%`] as const),
            ]}
          >
            <CsvButton name="product-structures-recent" rows={a.structures} fields={EXPORT} />
          </Summary>
          <DataTable
            label="Recent product structures"
            data={a.structures}
            columns={columns}
            rowKey={(r) => r.rootGroupId}
          />
        </>
      )}
    </RangeScreen>
  );
}
