import { ANALYTICS_DEFAULTS, type RecentStructures } from '@console/contracts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { dated, type ExportFields, RangeScreen, searched } from './parts.tsx';
import { recentStructuresQueryOptions } from './queries.ts';

type Row = RecentStructures['structures'][number];
const EXPORT: ExportFields<Row> = [
  searched<Row>('Structure', (r) => r.rootGroupId),
  dated<Row>('Created Date', (r) => r.createdDate),
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
      fields={EXPORT}
      facts={(a) => [
        ['Total structures', a.summary.total],
        ['Empty', a.summary.empty],
        ['Smart', a.summary.smart],
        ['Connect', a.summary.connect],
        ['Others', a.summary.others],
      ]}
    >
      <AnchorLink to="/linkplus-product-structures-recent" size="sm">
        By product generation
      </AnchorLink>
    </RangeScreen>
  );
}
