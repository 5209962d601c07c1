import type { FleetCounts, FleetSample, FleetTopHub } from '@console/contracts';
import { Alert, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { type Column, ColumnTable, type ColumnTableProps } from '../../shared/ui/ColumnTable.tsx';
import { formatMomentMs } from '../../shared/ui/dates.ts';
import { HubLink } from '../support-plus/hub/HubLink.tsx';
import type { FleetView } from './use-fleet-query.ts';

const number = (n: number) => n.toLocaleString('en-GB');
/** A lag this long is said on screen (a second or two is the tick and the network). */
const LAG_SHOWN_MS = 3000;

const STATUS: Record<FleetView['status'], string> = {
  idle: '',
  starting: 'Starting the query…',
  running: 'Live',
  reconnecting: 'The connection dropped; starting the query again (counts start afresh)…',
  refused: '',
};

/** The running query's counts, the hubs matching most and the sample of matching messages. */
export function FleetResults({ view }: { view: FleetView }) {
  const c = view.counts;
  return (
    <Stack gap="md">
      <Text size="sm" role="status" aria-live="polite">
        {c?.phase === 'history' ? 'Reading the kept history, then live' : STATUS[view.status]}
        {c ? ` · since ${formatMomentMs(c.since)}` : ''}
      </Text>
      {c?.history && !c.history.done && (
        <Progress
          value={c.history.of ? (100 * c.history.read) / c.history.of : 0}
          aria-label={`History read: ${number(c.history.read)} of ${number(c.history.of)} messages`}
        />
      )}
      {c && <Figures c={c} />}
      {c && c.shed > 0 && (
        <Alert color="yellow" title="Sampling">
          {number(c.shed)} matching messages were not shown: at most {c.sampleBudget} a second reach this
          page. The counts include every one.
        </Alert>
      )}
      {c && c.lagMs > LAG_SHOWN_MS && (
        <Alert color="yellow" title="Behind the stream">
          The server is {Math.round(c.lagMs / 1000)} s behind the hubs’ messages: more arrive than it can
          evaluate now. None is skipped; the counts catch up when the load eases.
        </Alert>
      )}
      {c?.lastError && (
        <Text size="sm" c="dimmed">
          {number(c.errors)} messages could not be evaluated (they do not count as matches); the latest:{' '}
          {c.lastError}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TopHubs c={c} />
        <Samples samples={view.samples} />
      </SimpleGrid>
    </Stack>
  );
}

function Figures({ c }: { c: FleetCounts }) {
  const figures = [
    ['Matches per second', c.perSecond],
    ['Matches in total', c.total],
    ['From the history', c.historyMatches],
    ['Messages evaluated', c.evaluated],
  ] as const;
  return (
    <Group gap="xl" component="dl" m={0}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} size="xl" data-figure={label}>
            {number(value)}
          </Text>
        </div>
      ))}
    </Group>
  );
}

const RIGHT = () => ({ ta: 'right' as const });

function TopHubs({ c }: { c: FleetCounts | null }) {
  const columns: Column<FleetTopHub>[] = [
    { header: 'Hub', cell: (h) => <HubLink hubId={h.hubId} /> },
    { header: 'Matches', cell: (h) => number(h.matches), td: RIGHT },
    {
      header: 'Latest match',
      cell: (h) => (
        <AnchorLink
          to="/supportPlus/hub/$hubId/timeline"
          params={{ hubId: String(h.hubId) }}
          search={{ epoch: c?.streamEpoch, seq: h.lastSeq, at: h.lastAt }}
          size="sm"
          aria-label={`Timeline of hub ${h.hubId} at its latest match, ${formatMomentMs(h.lastAt)}`}
        >
          {formatMomentMs(h.lastAt)}
        </AnchorLink>
      ),
    },
  ];
  return (
    <Listing
      title="Hubs matching most"
      empty="No hub has matched yet."
      rows={c?.topHubs ?? []}
      columns={columns}
      rowKey={(h) => h.hubId}
    />
  );
}

const SAMPLE_COLUMNS: Column<FleetSample>[] = [
  { header: 'Time', cell: (s) => formatMomentMs(s.at) },
  { header: 'Hub', cell: (s) => <HubLink hubId={s.hubId} /> },
  {
    header: 'Message',
    cell: (s) => (
      <Text size="sm" lineClamp={2} title={summary(s)}>
        {s.meta ? `${s.meta.class}.${s.meta.operation}` : s.subject} {summary(s)}
      </Text>
    ),
  },
];

function Samples({ samples }: { samples: FleetSample[] }) {
  return (
    <Listing
      title="Matching messages (sample)"
      empty="None yet."
      rows={samples}
      columns={SAMPLE_COLUMNS}
      rowKey={(s) => s.seq}
    />
  );
}

/** A titled section with its table, or a line saying there is nothing yet. */
function Listing<T>({
  title,
  empty,
  ...table
}: { title: string; empty: string } & Pick<ColumnTableProps<T>, 'rows' | 'columns' | 'rowKey'>) {
  const heading = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Title order={2} size="h4" id={heading} mb="xs">
        {title}
      </Title>
      {table.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ColumnTable label={title} striped {...table} />
      )}
    </Paper>
  );
}

/** The first item of a sample, short: what a person scans for. */
function summary(s: FleetSample): string {
  const items = (s.data as { items?: unknown[] } | null)?.items;
  return items?.[0] ? JSON.stringify(items[0]).slice(0, 160) : '';
}
