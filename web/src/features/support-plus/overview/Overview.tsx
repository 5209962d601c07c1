import type { OverviewLink } from '@console/contracts';
import {
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { ageLabel, STALE_AFTER_MS, staleSinceLabel } from '../../../shared/live/stale-label.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { HubLink } from '../hub/HubLink.tsx';
import { liveChannelsQueryOptions, overviewQueryOptions } from '../queries.ts';
import { BusiestHubs } from './BusiestHubs.tsx';
import { LiveLinks } from './LiveLinks.tsx';
import { classesByVolume, liveInErrorState } from './overview-live.ts';
import { StructureLink } from './record-links.tsx';
import { useListFollowsCount } from './use-list-follows-count.ts';
import { useOverviewLive, useOverviewLiveStatus } from './use-overview-live.ts';

const col = createColumnHelper<OverviewLink>();
const linkColumns = (withSince: boolean) => [
  col.accessor('hubId', {
    header: 'Link',
    cell: ({ row: { original: l } }) => <HubLink hubId={l.hubId} />,
  }),
  col.accessor('hubIdHex', { header: 'Hex', enableSorting: false }),
  col.accessor('email', { header: 'E-mail', cell: (c) => c.getValue() ?? '—' }),
  col.accessor('rootGroupId', {
    header: 'Structure',
    cell: ({ row: { original: l } }) =>
      l.rootGroupId ? (
        <StructureLink rootGroupId={l.rootGroupId} />
      ) : (
        <Text size="sm" c="dimmed">
          no root
        </Text>
      ),
  }),
  col.accessor('userId', { header: 'User id', enableSorting: false }),
  ...(withSince
    ? [col.accessor('since', { header: 'Locked since', cell: (c) => formatStamp(c.getValue()) })]
    : []),
];
const plainColumns = linkColumns(false);
const lockedColumns = linkColumns(true);

const STATUS_LABEL = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  'signed-out': 'Signed out',
} as const;

function Count({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * When the stored counts were made, with their age (issue 30: never live-looking when they are
 * not): past STALE_AFTER_MS an orange "Stale" mark says how old they are. Told again every 30 s.
 */
function CountsAsOf({ at }: { at: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(tick);
  }, []);
  if (!at)
    return (
      <Text size="xs" c="dimmed">
        Counts as of never (the search index is not built)
      </Text>
    );
  const age = now - Date.parse(at);
  return (
    <Group gap={6} role="group" aria-label="Stored counts">
      <Text size="xs" c="dimmed">
        Counts as of {formatStamp(at)}, {ageLabel(age)} ago
      </Text>
      {age > STALE_AFTER_MS && (
        <Badge color="orange" variant="light" title="The counts come from the search index's last full build">
          Stale: {ageLabel(age)} old
        </Badge>
      )}
    </Group>
  );
}

/**
 * The overview shown when nothing is searched (seed 001 §2): stored counts, the live counts of the
 * `overview` topic (once a second) with the busiest hubs now, the live links (the channel list;
 * Live Link+ is its total) and the links in error state, locked and with no root.
 */
export function SupportPlusOverview() {
  useOverviewLive();
  const overview = useQuery(overviewQueryOptions());
  const channels = useQuery(liveChannelsQueryOptions());
  const { status, notice, staleSince } = useOverviewLiveStatus();
  useListFollowsCount(channels.data?.total, channels.dataUpdatedAt, overview.data?.live?.connectedHubs);
  if (overview.isPending) return <Loader size="sm" aria-label="Loading the overview" />;
  // The live links come from hub-control, so they still show when the stored side fails.
  if (overview.isError)
    return (
      <Stack gap="md" component="section" aria-label="Overview">
        <Alert color="red" title="The overview did not load">
          {errorMessage(overview.error)}
        </Alert>
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            Live links ({channels.data ? channels.data.total : '…'})
          </Title>
          <LiveLinks query={channels} />
        </Paper>
      </Stack>
    );
  const data = overview.data;
  const live = data.live;
  const n = (v: number) => v.toLocaleString('en-GB');
  return (
    <Stack gap="md" component="section" aria-label="Overview">
      <Group justify="space-between">
        <Title order={2}>Overview</Title>
        <Group gap="xs">
          <Badge color={status === 'live' ? 'green' : status === 'reconnecting' ? 'orange' : 'gray'}>
            {status === 'reconnecting' && staleSince !== null
              ? staleSinceLabel(staleSince)
              : STATUS_LABEL[status]}
          </Badge>
          <CountsAsOf at={data.indexedAt} />
        </Group>
      </Group>
      {notice && (
        <Alert color="orange" title="Live counts unavailable">
          {notice}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Count
          label="Live Link+"
          value={
            channels.data ? n(channels.data.total) : live && !channels.isPending ? n(live.connectedHubs) : '…'
          }
          hint={`of ${n(data.counts.links)} links${live ? ` · ${n(live.connectedHubs)} connected now` : ''}`}
        />
        <Count
          label="Live users"
          value={live ? n(live.liveUsers.app + live.liveUsers.web + live.liveUsers.agent) : '…'}
          hint={
            live
              ? `app ${n(live.liveUsers.app)} · web ${n(live.liveUsers.web)} · agent ${n(live.liveUsers.agent)}`
              : 'live'
          }
        />
        <Count label="Links" value={n(data.counts.links)} />
        <Count label="Users" value={n(data.counts.users)} />
        <Count label="Admins" value={n(data.counts.admins)} hint="customer accounts with the admin role" />
        <Count label="Agents" value={n(data.counts.agents)} />
        <Count label="Web clients" value={n(data.counts.webClients)} />
        <Count label="App clients" value={n(data.counts.appClients)} hint="android and ios" />
        <Count label="Paired Devices" value={n(data.counts.pairedDevices)} />
        <Count label="Structures" value={n(data.counts.structures)} />
        <Count
          label="Error State"
          value={`${channels.data ? n(liveInErrorState(data.errorState.hubIds, channels.data.channels)) : '…'}/${n(data.errorState.total)}`}
          hint="live / all links in error state"
        />
        <Count label="Links Locked" value={n(data.locked.total)} />
        <Count label="No-root Links" value={n(data.noRoot.total)} />
        <Count label="Messages / s" value={live ? n(live.messagesPerSecond) : '…'} hint="all links, live" />
      </SimpleGrid>
      {live && classesByVolume(live.byClass).length > 0 && (
        <Group gap={6} aria-label="Messages by class">
          {classesByVolume(live.byClass).map(([cls, count]) => (
            <Badge key={cls} variant="light">
              {cls} {count}
            </Badge>
          ))}
        </Group>
      )}
      <BusiestHubs hubs={live ? live.busiestHubs : null} />
      <Paper withBorder p="md">
        <Tabs defaultValue="live">
          <Tabs.List>
            <Tabs.Tab value="live">Live ({channels.data ? channels.data.total : '…'})</Tabs.Tab>
            <Tabs.Tab value="error">Error state ({data.errorState.total})</Tabs.Tab>
            <Tabs.Tab value="locked">Locked ({data.locked.total})</Tabs.Tab>
            <Tabs.Tab value="noRoot">No root ({data.noRoot.total})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="live" pt="sm">
            <LiveLinks query={channels} />
          </Tabs.Panel>
          {(
            [
              ['error', 'Links in error state', data.errorState, plainColumns],
              ['locked', 'Locked links', data.locked, lockedColumns],
              ['noRoot', 'No-root links', data.noRoot, plainColumns],
            ] as const
          ).map(([value, label, list, columns]) => (
            <Tabs.Panel key={value} value={value} pt="sm">
              {list.total > list.links.length && (
                <Text size="xs" c="dimmed" mb={4}>
                  The newest {list.links.length} of {list.total}.
                </Text>
              )}
              <DataTable
                label={label}
                data={[...list.links]}
                columns={[...columns]}
                rowKey={(l) => String(l.hubId)}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </Stack>
  );
}
