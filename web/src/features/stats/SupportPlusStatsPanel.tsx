import { checkLimitAndPie, PRODUCTS_BY_DATE } from '@console/contracts';
import { Group, NumberInput, Paper, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { HubLists } from './HubLists.tsx';
import { PanelChart } from './PanelChart.tsx';
import { PANEL_CHARTS } from './panel-charts.ts';

/** The Support Plus statistics panel: one chart at a time, over `days` days ending with the latest data. */
export function SupportPlusStatsPanel() {
  const [choice, setChoice] = useState<number>(1);
  const [days, setDays] = useState<number | string>(PRODUCTS_BY_DATE.defaultLimit);
  const errors = checkLimitAndPie(typeof days === 'number' ? days : Number.NaN);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2}>Statistics</Title>
          <Group align="flex-start">
            <Select
              label="Chart"
              w={320}
              data={PANEL_CHARTS.map((c) => ({ value: String(c.value), label: `${c.value}. ${c.label}` }))}
              value={String(choice)}
              onChange={(v) => v && setChoice(Number(v))}
              allowDeselect={false}
            />
            <NumberInput label="Days" min={1} w={100} value={days} onChange={setDays} error={errors.limit} />
          </Group>
        </Group>
        {Object.keys(errors).length === 0 && typeof days === 'number' && (
          <PanelChart choice={choice} days={days} />
        )}
        <HubLists />
      </Stack>
    </Paper>
  );
}
