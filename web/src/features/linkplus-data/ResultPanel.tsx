import type { FeatureDataSummary, FeatureIds } from '@console/contracts';
import { Code, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type Column, ColumnTable, TableHead } from '../../shared/ui/ColumnTable.tsx';
import { formatLocal } from '../../shared/ui/dates.ts';
import type { ResultView } from './queries.ts';

type Exception = NonNullable<FeatureDataSummary['exceptions']>[number];
type Sampled = NonNullable<FeatureDataSummary['featureData']>[number];

/** The product, feature type, feature and link columns that begin the exceptions and the values. */
const found = <R extends Exception | Sampled>(): Column<R>[] => [
  { header: 'Product', cell: (r) => r.productCode },
  { header: 'Feature type', cell: (r) => r.featureType },
  { header: 'Feature', cell: (r) => r.featureId },
  { header: 'Link', cell: (r) => r.linkId },
];

const EXCEPTIONS: Column<Exception>[] = [...found(), { header: 'Reason', cell: (e) => e.reason }];

const VALUES: Column<Sampled>[] = [
  ...found(),
  {
    header: 'Values (newest first)',
    cell: (f) =>
      f.values.length === 0 ? (
        'none'
      ) : (
        <Code>{f.values.map((v) => `${JSON.stringify(v.value)}${v.live ? ' (live)' : ''}`).join(' ')}</Code>
      ),
  },
];

/** The latest result: its stats per product and type, and the exceptions or sampled values asked for. */
export function ResultPanel({ result, view }: { result: FeatureDataSummary; view: ResultView }) {
  return (
    <Stack gap="sm">
      <section aria-label="Feature data stats">
        <Title order={4}>Stats</Title>
        <Text size="xs" c="dimmed">
          Values from {formatLocal(result.window.from)} to {formatLocal(result.window.to)};{' '}
          {result.exceptionCount} exceptions.
          {result.truncated &&
            ' Only part of the exceptions or values was kept here; the e-mailed CSV has every feature.'}
        </Text>
        <Table striped withTableBorder maw={900}>
          <TableHead
            headers={[
              'Product',
              'Feature type',
              'Features',
              'With values',
              'Values sampled',
              'Exceptions',
              'Links',
              'Live values',
            ]}
          />
          <Table.Tbody>
            {result.stats.map((s) => (
              <Table.Tr key={`${s.productCode} ${s.featureType}`}>
                <Table.Td>{s.productCode}</Table.Td>
                <Table.Td>{s.featureType}</Table.Td>
                <Table.Td>{s.featuresExamined}</Table.Td>
                <Table.Td>{s.featuresWithValues}</Table.Td>
                <Table.Td>{s.valuesSampled}</Table.Td>
                <Table.Td>{s.exceptions}</Table.Td>
                <Table.Td>{s.links}</Table.Td>
                <Table.Td>{s.liveValues ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      {view === 'exceptions' && result.exceptions && (
        <section aria-label="Feature data exceptions">
          <Title order={4}>Exceptions ({result.exceptions.length})</Title>
          <ScrollArea.Autosize mah={400}>
            <ColumnTable
              withTableBorder
              rows={result.exceptions}
              columns={EXCEPTIONS}
              rowKey={(e) => `${e.featureId} ${e.reason}`}
            />
          </ScrollArea.Autosize>
        </section>
      )}
      {view === 'featureData' && result.featureData && (
        <section aria-label="Feature data values">
          <Title order={4}>Feature data ({result.featureData.length} features)</Title>
          {!result.featureDataKept && <Text size="sm">Keep Feature Data was off for this run.</Text>}
          <ScrollArea.Autosize mah={400}>
            <ColumnTable
              withTableBorder
              rows={result.featureData}
              columns={VALUES}
              rowKey={(f) => f.featureId}
            />
          </ScrollArea.Autosize>
        </section>
      )}
    </Stack>
  );
}

/** Get Features: the feature ids per product and type. */
export function FeatureIdList({ ids }: { ids: FeatureIds }) {
  return (
    <section aria-label="Feature ids">
      <Title order={4}>Features</Title>
      {ids.features.map((f) => (
        <Text size="sm" key={`${f.productCode} ${f.featureType}`}>
          {f.productCode} {f.featureType} ({f.total}): {f.featureIds.join(', ') || 'none'}
        </Text>
      ))}
    </section>
  );
}
