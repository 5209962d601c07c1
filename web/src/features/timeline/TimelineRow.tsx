import { momentPath, type TimelineEntry, type TopicFilter } from '@console/contracts';
import { Badge, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { CopyLinkButton } from '../ui/CopyLinkButton.tsx';
import { formatClock, formatStamp } from '../ui/dates.ts';
import { JsonViewer } from '../ui/JsonViewer.tsx';

/** An entry as the list holds it: with the stream epoch of the page it came in. */
export type Row = TimelineEntry & { epoch: string };

const SOURCE: Record<TimelineEntry['source'], { label: string; color: string }> = {
  message: { label: 'message', color: 'blue' },
  presence: { label: 'presence', color: 'cyan' },
  action: { label: 'action', color: 'violet' },
  note: { label: 'note', color: 'gray' },
  sync: { label: 'sync', color: 'orange' },
  firmware: { label: 'firmware', color: 'lime' },
  annotation: { label: 'annotation', color: 'yellow' },
  gap: { label: 'gap', color: 'red' },
};

const OUTCOME: Record<string, string> = { replied: 'green', failed: 'red', timedOut: 'orange', sent: 'gray' };

const stamp = (ms: number) => `${formatStamp(ms).slice(0, 8)} ${formatClock(ms)}`;

/** One timeline entry: a line that opens to the stored record; stream entries have a link. */
export const TimelineRow = memo(function TimelineRow({
  row,
  hubId,
  filter,
  open,
  focused,
  onToggle,
  onDelete,
}: {
  row: Row;
  hubId: string;
  filter: TopicFilter;
  open: boolean;
  focused: boolean;
  onToggle: (key: string) => void;
  onDelete: (row: Row) => void;
}) {
  const s = SOURCE[row.source];
  const gap = row.source === 'gap';
  const bg = focused
    ? 'var(--mantine-color-yellow-1)'
    : gap
      ? 'var(--mantine-color-red-0)'
      : row.source === 'annotation'
        ? 'var(--mantine-color-yellow-0)'
        : undefined;
  return (
    <Box
      px="xs"
      py={4}
      data-key={row.key}
      data-at={row.at}
      data-source={row.source}
      aria-current={focused ? 'true' : undefined}
      aria-label={`${s.label} ${row.title}`}
      role="listitem"
      style={{
        borderBottom: gap ? '2px dashed var(--mantine-color-red-4)' : '1px solid var(--mantine-color-gray-2)',
        background: bg,
        outline: focused ? '2px solid var(--mantine-color-yellow-6)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap">
        <UnstyledButton
          onClick={() => onToggle(row.key)}
          aria-expanded={open}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {stamp(row.at)}
            </Text>
            <Badge size="xs" variant="light" color={s.color}>
              {s.label}
            </Badge>
            {row.action && (
              <Badge size="xs" color={OUTCOME[row.action.state] ?? 'gray'}>
                {row.action.state}
              </Badge>
            )}
            <Text size="sm" truncate>
              {row.title}
              {row.until !== undefined && row.source === 'annotation'
                ? ` (until ${formatClock(row.until)})`
                : ''}
              {row.author ? ` — ${row.author}` : ''}
            </Text>
          </Group>
        </UnstyledButton>
        {row.seq !== undefined && (
          <CopyLinkButton
            path={momentPath({ hubId, epoch: row.epoch, seq: row.seq, at: row.at, filter })}
            label={`Copy link to entry ${row.seq}`}
          />
        )}
        {row.source === 'annotation' && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(row)}>
            Delete
          </Button>
        )}
      </Group>
      {open && (
        <Box mt={4}>
          {row.action && (
            // The command waterfall (issue 17 item 2) goes here: the action's timed stages.
            <Box data-waterfall-slot={row.action.transactionId ?? ''} mb={4}>
              <Text size="xs" c="dimmed">
                Transaction {row.action.transactionId ?? '—'}: {row.action.state}
                {row.action.durationMs !== null ? ` in ${row.action.durationMs} ms` : ''}
                {row.action.error ? ` — ${row.action.error}` : ''}
              </Text>
            </Box>
          )}
          <JsonViewer value={row.data} label="Stored record" wrap />
        </Box>
      )}
    </Box>
  );
});
