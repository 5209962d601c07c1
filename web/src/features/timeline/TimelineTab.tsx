import { liveTopics, type TopicFilter } from '@console/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { LiveFilters } from '../../shared/live/LiveFilters.tsx';
import { useLiveStore } from '../../shared/live/live-store.ts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { Timeline } from './Timeline.tsx';

const NO_FILTER: TopicFilter = {};
const NEWEST = { kind: 'newest' } as const;

/** The structure page's Timeline tab: one of its hubs' timelines, with a way to the full page. */
export function TimelineTab({ hubIds }: { hubIds: string[] }) {
  const [hubId, setHubId] = useState<string | null>(hubIds[0] ?? null);
  const topic = liveTopics.hub(hubId ?? '');
  const filter = useLiveStore((s) => s.topics[topic]?.filter ?? NO_FILTER);
  const onFilter = useCallback((f: TopicFilter) => useLiveStore.getState().setFilter(topic, f), [topic]);
  if (!hubId) return <Text c="dimmed">This structure has no hub.</Text>;
  return (
    <Stack gap="sm">
      <Group align="end">
        <Select label="Hub" data={hubIds} value={hubId} onChange={setHubId} allowDeselect={false} w={200} />
        <AnchorLink to="/supportPlus/hub/$hubId/timeline" params={{ hubId }}>
          Open the full timeline
        </AnchorLink>
      </Group>
      <LiveFilters filter={filter} operations={[]} onChange={onFilter} />
      <Timeline key={hubId} hubId={hubId} filter={filter} start={NEWEST} height={480} />
    </Stack>
  );
}
