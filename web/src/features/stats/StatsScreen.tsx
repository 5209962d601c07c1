import { STATS_LIMITS, STATS_TABS } from '@console/contracts';
import { Stack, Tabs, Title } from '@mantine/core';
import { useCallback } from 'react';
import { StatsTabPanel } from './StatsTabPanel.tsx';
import type { StatsSearch } from './stats-search.ts';

/** `/stats`: the 13 statistics tabs of core spec §2, the view held in the URL. */
export function StatsScreen({
  search,
  setSearch,
}: {
  search: StatsSearch;
  setSearch: (next: StatsSearch) => void;
}) {
  const tabId = search.tab ?? (STATS_TABS[0]?.id as string);
  const applied = {
    limit: search.limit ?? STATS_LIMITS.defaultLimit,
    period: search.period ?? ('daily' as const),
    pie: search.pie,
  };
  const onApply = useCallback(
    (a: { limit: number; period: 'hourly' | 'daily'; pie?: number }) => setSearch({ ...search, ...a }),
    [search, setSearch],
  );
  return (
    <Stack gap="md">
      <Title order={1}>Statistics</Title>
      <Tabs value={tabId} onChange={(v) => v && setSearch({ ...search, tab: v })} keepMounted={false}>
        <Tabs.List>
          {STATS_TABS.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATS_TABS.map((t) => (
          <Tabs.Panel key={t.id} value={t.id} pt="md">
            <StatsTabPanel tab={t} applied={applied} onApply={onApply} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
