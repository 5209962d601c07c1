import { ANALYTICS_DEFAULTS, GENERATIONS, type ProductStructures } from '@console/contracts';
import { dated, type ExportFields, RangeScreen, searched } from './parts.tsx';
import { productStructuresQueryOptions } from './queries.ts';

type Row = ProductStructures['structures'][number];
const EXPORT: ExportFields<Row> = [
  searched<Row>('Structure', (r) => r.rootGroupId),
  ['Name', (r) => r.name],
  dated<Row>('Created Date', (r) => r.createdDate),
  searched<Row>('User', (r) => r.user),
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
      fields={EXPORT}
      facts={(a) => [
        ['Total', a.summary.total],
        ['Total shown', a.summary.totalShown],
        ['Empty', a.summary.empty],
        ...GENERATIONS.map((g) => [g, `${a.summary.percent[g].toFixed(1)}%`] as const),
      ]}
    />
  );
}
