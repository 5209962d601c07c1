import { liveTopics, type TimelineFocus, type TopicFilter } from '@console/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LiveFilters } from '../../shared/live/LiveFilters.tsx';
import { useLiveStore } from '../../shared/live/live-store.ts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { DateInput } from '../../shared/ui/DateInput.tsx';
import { fromLocalInput, toLocalInput } from '../../shared/ui/dates.ts';
import { isHubId } from '../support-plus/hub/hub-id.ts';
import { AnnotationForm } from './AnnotationForm.tsx';
import { startOfSearch } from './early.ts';
import type { PageParam } from './queries.ts';
import { Timeline } from './Timeline.tsx';
import { filterOfSearch } from './timeline-search.ts';

const route = getRouteApi('/_auth/supportPlus/hub/$hubId_/timeline');
const NO_FILTER: TopicFilter = {};

/**
 * `/supportPlus/hub/<id>/timeline`: everything about one hub in time order, with the live
 * monitor's filters (the same store: a filter set on either screen holds on both), jump to a
 * time, annotations, and links to a moment opened where they point.
 */
export function TimelineScreen() {
  const { hubId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const topic = liveTopics.hub(hubId);
  const filter = useLiveStore((s) => s.topics[topic]?.filter ?? NO_FILTER);
  const onFilter = useCallback((f: TopicFilter) => useLiveStore.getState().setFilter(topic, f), [topic]);

  // A link carries its filters: they become the hub's filters once, as the page opens.
  const applied = useRef(false);
  if (!applied.current) {
    applied.current = true;
    const linked = filterOfSearch(search);
    if (Object.keys(linked).length > 0) useLiveStore.getState().setFilter(topic, linked);
  }

  // The same opening as the route's early start (early.ts), so the list finds that request.
  const start = useMemo<PageParam>(
    () => startOfSearch({ seq: search.seq, at: search.at, epoch: search.epoch, jump: search.jump }, Date.now),
    [search.seq, search.at, search.epoch, search.jump],
  );

  const [focus, setFocus] = useState<TimelineFocus | null>(null);
  const [jumpText, setJumpText] = useState(() => toLocalInput(new Date(search.jump ?? Date.now())));
  useEffect(() => {
    if (search.jump !== undefined) setJumpText(toLocalInput(new Date(search.jump)));
  }, [search.jump]);
  const jump = () => {
    const iso = fromLocalInput(jumpText);
    if (iso) void navigate({ search: { jump: Date.parse(iso) } });
  };

  if (!isHubId(hubId) || !/^[0-9]+$/.test(hubId))
    return (
      <Alert color="orange" title="Not a hub id" maw={640}>
        A hub’s timeline needs its numeric id.
      </Alert>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Timeline of hub {hubId}</Title>
        <AnchorLink to="/supportPlus/hub/$hubId" params={{ hubId }}>
          Back to the hub
        </AnchorLink>
      </Group>
      {focus?.message && (
        <Alert color="yellow" title="The linked entry" role="alert">
          {focus.message}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <LiveFilters filter={filter} operations={[]} onChange={onFilter} />
          <Group gap="xs" align="end">
            <DateInput time label="Jump to a time" value={jumpText} onChange={setJumpText} />
            <Button variant="default" onClick={jump}>
              Jump
            </Button>
            <Button variant="subtle" onClick={() => void navigate({ search: {} })}>
              Newest
            </Button>
            <Text size="xs" c="dimmed">
              The last 24 hours: messages and connections (the hub stream), actions and their outcome, notes,
              sync and error-state changes, firmware, annotations; gaps where history was not kept.
            </Text>
          </Group>
        </Stack>
      </Paper>
      <AnnotationForm hubId={hubId} />
      <Timeline hubId={hubId} filter={filter} start={start} height="65vh" onFocus={setFocus} />
    </Stack>
  );
}
