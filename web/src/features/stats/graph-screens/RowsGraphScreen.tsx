import type { RowsAnswer } from '@console/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { DateInput } from '../../../shared/ui/DateInput.tsx';
import { bucketLabel, rangeCaption } from '../graph-kit/format.ts';
import { GraphChart } from '../graph-kit/GraphChart.tsx';
import { defaultGraphOptions, GraphOptions } from '../graph-kit/GraphOptions.tsx';
import type { Series } from '../graph-kit/transform.ts';
import { type GraphRange, useGraphRange } from './use-graph-range.ts';

export interface RowsGraphScreenProps<A extends { from: string; to: string }> {
  title: string;
  description: string;
  defaultDays: number;
  /** Hourly or finer x labels. */
  fine?: boolean;
  controls?: ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: each screen's options carry their own tuple key.
  query: (r: GraphRange) => UseQueryOptions<A, Error, A, any>;
  toSeries: (a: A) => { dates: string[]; series: Series[] };
  exportName: string;
}

/**
 * A graph screen over dated rows (analytics spec §2): the shared graph options, an optional end
 * date, the period in days, and the compared period drawn dashed.
 */
export function RowsGraphScreen<A extends { from: string; to: string } = RowsAnswer>(
  p: RowsGraphScreenProps<A>,
) {
  const [options, setOptions] = useState(defaultGraphOptions(p.defaultDays));
  const range = useGraphRange(p.defaultDays);
  const daysOk = range.validDays(options.days);
  const main = useQuery({ ...p.query(range.range(options.days)), enabled: daysOk });
  const { seen } = range;
  useEffect(() => seen(main.data?.to), [main.data?.to, seen]);
  const comparedRange = range.compared(main.data, options.compare);
  const compared = useQuery({ ...p.query(comparedRange ?? {}), enabled: daysOk && comparedRange !== null });
  const shown = main.data ? p.toSeries(main.data) : { dates: [], series: [] };
  const other = compared.data && comparedRange ? p.toSeries(compared.data).series : undefined;
  return (
    <Stack gap="md">
      <Title order={1}>{p.title}</Title>
      <Text size="sm" c="dimmed">
        {p.description}
      </Text>
      <Group align="flex-end" gap="md">
        {p.controls}
        <DateInput label="To" w={170} value={range.toDate} onChange={range.setToDate} />
      </Group>
      <GraphOptions
        value={options}
        onChange={setOptions}
        periodError={daysOk ? null : 'Period must be a whole number of days from 1 to 3650.'}
      />
      <GraphChart
        title={p.title}
        caption={rangeCaption(main.data?.from, main.data?.to)}
        exportName={p.exportName}
        xs={shown.dates.map((d) => bucketLabel(d, !!p.fine))}
        series={shown.series}
        compared={other}
        options={options}
        loading={daysOk && main.isPending}
        error={main.isError ? errorMessage(main.error) : null}
      />
    </Stack>
  );
}
