import type { FeatureDataSummary, FeatureIds } from '@console/contracts';
import { Code, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { TableHead } from '../ui/ColumnTable.tsx';
import { formatLocal } from '../ui/dates.ts';
import type { ResultView } from './queries.ts';

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
            <Table withTableBorder>
              <TableHead headers={['Product', 'Feature type', 'Feature', 'Link', 'Reason']} />
              <Table.Tbody>
                {result.exceptions.map((e) => (
                  <Table.Tr key={`${e.featureId} ${e.reason}`}>
                    <Table.Td>{e.productCode}</Table.Td>
                    <Table.Td>{e.featureType}</Table.Td>
                    <Table.Td>{e.featureId}</Table.Td>
                    <Table.Td>{e.linkId}</Table.Td>
                    <Table.Td>{e.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </section>
      )}
      {view === 'featureData' && result.featureData && (
        <section aria-label="Feature data values">
          <Title order={4}>Feature data ({result.featureData.length} features)</Title>
          {!result.featureDataKept && <Text size="sm">Keep Feature Data was off for this run.</Text>}
          <ScrollArea.Autosize mah={400}>
            <Table withTableBorder>
              <TableHead headers={['Product', 'Feature type', 'Feature', 'Link', 'Values (newest first)']} />
              <Table.Tbody>
                {result.featureData.map((f) => (
                  <Table.Tr key={f.featureId}>
                    <Table.Td>{f.productCode}</Table.Td>
                    <Table.Td>{f.featureType}</Table.Td>
                    <Table.Td>{f.featureId}</Table.Td>
                    <Table.Td>{f.linkId}</Table.Td>
                    <Table.Td>
                      {f.values.length === 0 ? (
                        'none'
                      ) : (
                        <Code>
                          {f.values
                            .map((v) => `${JSON.stringify(v.value)}${v.live ? ' (live)' : ''}`)
                            .join(' ')}
                        </Code>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
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
