import { hubOfSubject, type LiveEvent, momentPath, type TopicFilter } from '@console/contracts';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { formatTimeOfDay } from '../ui/dates.ts';
import type { Counters } from './counters.ts';
import { exportEvents } from './export.ts';
import { LiveFilters } from './LiveFilters.tsx';
import type { LiveStatus } from './live-socket.ts';
import { useLiveStore } from './live-store.ts';
import { StreamBox } from './StreamBox.tsx';
import { SummaryTable } from './SummaryTable.tsx';
import { staleSinceLabel } from './stale-label.ts';
import { autoSummary, rate } from './summary.ts';
import { useLiveTopic } from './use-live-topic.ts';

/**
 * Above this many live messages a second, sustained (see autoSummary), the raw stream is
 * unreadable: show the summary instead.
 */
export const SUMMARY_RATE = 20;
const NO_FILTER: TopicFilter = {};

const NOTICE_COLOR = { reload: 'yellow', error: 'red', resumed: 'green' } as const;

const STATUS: Record<LiveStatus, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'gray' },
  live: { label: 'Live', color: 'green' },
  reconnecting: { label: 'Reconnecting…', color: 'orange' },
  'signed-out': { label: 'Signed out', color: 'red' },
};

const COUNTERS: [keyof Counters, string][] = [
  ['requests', 'Requests'],
  ['responses', 'Responses'],
  ['logs', 'Logs'],
  ['events', 'Events'],
  ['notifications', 'Notifications'],
];

/** The live message monitor of one topic (seed 001 §2), with pause, clear, export and summary. */
export function LiveMonitor({
  topic,
  hubs,
  title = 'Live messages',
}: {
  topic: string;
  hubs?: string[];
  title?: string;
}) {
  const filter = useLiveStore((s) => s.topics[topic]?.filter ?? NO_FILTER);
  const { view, reload } = useLiveTopic(topic, filter, hubs);
  const store = useLiveStore.getState();
  // The rate and the summary move on each second even when nothing arrives.
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Summary 'auto': on only for a sustained live rate, with hysteresis (summary.ts autoSummary).
  const arrivals = view?.arrivals;
  const [autoOn, setAutoOn] = useState(false);
  useEffect(() => {
    setAutoOn((was) => autoSummary(was, arrivals ?? [], now, SUMMARY_RATE));
  }, [arrivals, now]);
  const onFilter = useCallback((f: TopicFilter) => useLiveStore.getState().setFilter(topic, f), [topic]);
  // Stored hub messages and presence have a place in their hub's timeline: a link to that moment.
  const linkFor = useCallback(
    (e: LiveEvent) => {
      const hubId = e.kind === 'message' || e.kind === 'presence' ? hubOfSubject(e.subject) : null;
      return hubId && /^[0-9]+$/.test(hubId)
        ? momentPath({ hubId, epoch: e.epoch, seq: e.offset, at: e.at, filter })
        : null;
    },
    [filter],
  );
  if (!view) return null;

  const perSecond = rate(view.arrivals, now);
  const summary = view.summary === 'on' || (view.summary === 'auto' && autoOn);
  const status = STATUS[view.status];

  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2}>{title}</Title>
          <Badge color={status.color} variant="light">
            {view.status === 'reconnecting' && view.interruptedAt !== null
              ? staleSinceLabel(view.interruptedAt)
              : status.label}
          </Badge>
        </Group>
        {view.status === 'reconnecting' && (
          <Alert color="orange" title="The live stream is interrupted; reconnecting…">
            {view.interruptedAt === null
              ? 'Nothing new is shown until the connection is back.'
              : `What is shown stopped at ${formatTimeOfDay(view.interruptedAt)}; it goes on from there when the connection is back.`}
          </Alert>
        )}
        {view.notice && (
          <Alert
            color={NOTICE_COLOR[view.notice.kind]}
            title={view.notice.message}
            withCloseButton={view.notice.kind === 'resumed'}
            closeButtonLabel="Dismiss"
            onClose={() => store.setNotice(topic, null)}
          >
            {view.notice.kind === 'reload' && (
              <Button size="xs" onClick={reload}>
                Reload
              </Button>
            )}
          </Alert>
        )}
        <LiveFilters filter={filter} operations={view.operations} onChange={onFilter} />
        <Group gap="lg" role="group" aria-label="Counters">
          {COUNTERS.map(([key, label]) => (
            <Text key={key} size="sm">
              {label} <b>{view.counters[key]}</b>
            </Text>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => store.setPaused(topic, !view.paused)}>
            {view.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="xs" variant="default" onClick={() => store.clear(topic)}>
            Clear
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => exportEvents(topic, view.captured)}
            disabled={view.captured.length === 0}
          >
            Export JSON
          </Button>
          <Switch
            size="xs"
            label="Per-second summary"
            checked={summary}
            onChange={(e) => store.setSummary(topic, e.currentTarget.checked ? 'on' : 'off')}
          />
          <Text size="xs" c="dimmed">
            {perSecond.toFixed(perSecond < 10 ? 1 : 0)} msgs/s · {view.captured.length} captured
          </Text>
          {view.paused && (
            <Text size="sm" c="orange" fw={600}>
              {view.newWhilePaused} new while paused
            </Text>
          )}
        </Group>
        {summary ? (
          <SummaryTable events={view.captured} now={now} />
        ) : (
          <StreamBox events={view.visible} linkFor={linkFor} />
        )}
      </Stack>
    </Paper>
  );
}
