import { PROTOCOL_ERROR_DAYS } from '@console/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bucketLabel, periodCaption } from './graph-kit/format.ts';
import { GraphChart } from './graph-kit/GraphChart.tsx';
import { type DayRange, RangeInputs, rangeErrors, rangeQuery } from './graph-kit/RangeInputs.tsx';
import { protocolErrorsQueryOptions } from './queries.ts';

/** `/protocolerrors` (core spec §2): failed hub message items per day, the last 15 days by default. */
export function ProtocolErrorsScreen() {
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const valid = Object.keys(rangeErrors(range)).length === 0;
  const query = useQuery({ ...protocolErrorsQueryOptions(rangeQuery(range)), enabled: valid });
  const a = query.data;
  return (
    <Stack gap="md">
      <Title order={1}>Protocol Errors</Title>
      <Text size="sm" c="dimmed">
        Hub message items answered with success false, per day and class.operation. Empty dates show the last{' '}
        {PROTOCOL_ERROR_DAYS} days with data.
      </Text>
      <RangeInputs value={range} onChange={setRange} />
      <GraphChart
        title="Protocol errors"
        caption={periodCaption(a?.from ?? null, a?.to ?? null)}
        exportName="protocol-errors"
        xs={a?.buckets.map((b) => bucketLabel(b, false)) ?? []}
        series={a?.series.map((s) => ({ name: s.name, values: s.values })) ?? []}
        options={{ style: 'bar', scale: 'linear', percent: false, trend: false }}
        loading={valid && query.isPending}
        error={query.isError ? errorMessage(query.error) : null}
      />
    </Stack>
  );
}
