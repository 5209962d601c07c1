import { checkLimitAndPie, STATS_LIMITS, STATS_PERIODS, type StatsTab, toCsv } from '@console/contracts';
import {
  Group,
  NumberInput,
  type NumberInputProps,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { choices } from '../../shared/ui/choices.ts';
import { ChartPanel } from './graph-kit/ChartPanel.tsx';
import { bucketLabel, periodCaption } from './graph-kit/format.ts';
import { LINE_MARGIN, LineChart } from './graph-kit/LineChart.tsx';
import { PieChart } from './graph-kit/PieChart.tsx';
import { SeriesToggles } from './graph-kit/SeriesToggles.tsx';
import { tabQueryOptions } from './queries.ts';
import type { StatsSearch } from './stats-search.ts';
import { TabControls } from './TabControls.tsx';
import { applySelection, pies, type Selection, seriesLabel } from './tab-view.ts';

const PERIODS = choices({ hourly: 'Hourly', daily: 'Daily' });

type Applied = Required<Pick<StatsSearch, 'limit' | 'period'>> & { pie?: number };

/** How many of something the tab shows (the limit, the pie's slices): from 1, checked on apply. */
function CountInput(props: NumberInputProps) {
  return <NumberInput min={1} w={110} {...props} />;
}

/**
 * One statistics tab: limit and period (and pie size where it has pies), checked before anything
 * is asked (a bad value shows the field's message and sends nothing), the lines, the pies and the
 * tab's own controls.
 */
export function StatsTabPanel({
  tab,
  applied,
  onApply,
}: {
  tab: StatsTab;
  applied: Applied;
  onApply: (a: Applied) => void;
}) {
  const hasPie = tab.pies.length > 0;
  const [limit, setLimit] = useState<number | string>(applied.limit);
  const [pie, setPie] = useState<number | string>(
    applied.pie ?? Math.min(STATS_LIMITS.defaultPieSize, applied.limit),
  );
  const [selection, setSelection] = useState<Selection>({});
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [measure, setMeasure] = useState<'total' | 'unique'>('total');
  const errors = checkLimitAndPie(
    typeof limit === 'number' ? limit : Number.NaN,
    hasPie ? (typeof pie === 'number' ? pie : Number.NaN) : undefined,
    STATS_LIMITS.maxLimit,
  );
  const valid = Object.keys(errors).length === 0;

  useEffect(() => {
    if (!valid || typeof limit !== 'number') return;
    const next = { ...applied, limit, pie: hasPie && typeof pie === 'number' ? pie : undefined };
    if (next.limit !== applied.limit || next.pie !== applied.pie) onApply(next);
  }, [valid, limit, pie, applied, hasPie, onApply]);

  const period = STATS_PERIODS[applied.period];
  const query = useQuery({
    ...tabQueryOptions({
      tab,
      limit: applied.limit,
      period,
      pieSize: hasPie ? applied.pie : undefined,
      measure: tab.controls.includes('measure') ? measure : undefined,
    }),
    enabled: valid,
    staleTime: STATS_LIMITS.refreshDelayMs,
  });
  const answer = query.data;
  const hourly = applied.period === 'hourly';
  const selected = answer ? applySelection(tab, answer.series, selection) : [];
  const visible = selected.filter((s) => !hidden.has(s.name));
  const xs = answer?.buckets.map((b) => bucketLabel(b, hourly)) ?? [];
  const csv = () =>
    toCsv(
      ['bucket', ...visible.map((s) => s.name)],
      (answer?.buckets ?? []).map((b, i) => [b, ...visible.map((s) => s.values[i])]),
    );
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <CountInput label="Limit" value={limit} onChange={setLimit} error={errors.limit} />
        <div>
          <Text size="sm" fw={500}>
            Period
          </Text>
          <SegmentedControl
            aria-label="Period"
            data={PERIODS}
            value={applied.period}
            onChange={(v) => onApply({ ...applied, period: v as 'hourly' | 'daily' })}
          />
        </div>
        {hasPie && <CountInput label="Pie size" value={pie} onChange={setPie} error={errors.pieSize} />}
      </Group>
      {answer && tab.controls.length > 0 && (
        <TabControls
          tab={tab}
          series={answer.series}
          selection={selection}
          onSelection={setSelection}
          measure={measure}
          onMeasure={setMeasure}
        />
      )}
      <ChartPanel
        title={`${tab.label}${answer?.unit === 'ms' ? ' (average ms)' : ''}`}
        caption={
          valid
            ? periodCaption(answer?.from ?? null, answer?.to ?? null, hourly)
            : 'Fix the inputs above to load'
        }
        loading={valid && query.isPending}
        error={query.isError ? errorMessage(query.error) : null}
        empty={!!answer && selected.length === 0}
        exportName={`stats-${tab.id}`}
        csv={csv}
        toolbar={<SeriesToggles names={selected.map((s) => s.name)} hidden={hidden} onChange={setHidden} />}
        margin={LINE_MARGIN}
        chart={(bounds) => (
          <LineChart
            bounds={bounds}
            xs={xs}
            series={visible.map((s) => ({ name: seriesLabel(s.name), values: s.values }))}
            title={tab.label}
          />
        )}
      />
      {answer && hasPie && selected.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: Math.min(3, tab.pies.length) }}>
          {pies(tab, visible).map((p) => (
            <Stack key={p.title} gap={4} aria-label={`${p.title} pie`}>
              <Text size="sm" fw={600}>
                {p.title} – last {answer.pieSize} {hourly ? 'hours' : 'days'}
              </Text>
              <PieChart slices={p.slices} />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
