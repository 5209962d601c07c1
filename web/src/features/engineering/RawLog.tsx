import {
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { boundNumber } from '../../shared/ui/bound.ts';
import { formatTimeOfDay } from '../../shared/ui/dates.ts';
import { JsonViewer } from '../../shared/ui/JsonViewer.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { Waterfall } from '../waterfall/Waterfall.tsx';
import { itemsPage, type LogFilter, type LogRecord, NO_FILTER, shows, words } from './log.ts';

const ARROW: Record<LogRecord['source'], string> = {
  out: '→',
  in: '←',
  event: '⇠',
  error: '✕',
  info: '·',
  debug: '·',
};

/** The advanced filters: comma or space separated class and operation names. */
const LIST_FILTERS: [keyof LogFilter, string][] = [
  ['includeClasses', 'Include classes'],
  ['excludeClasses', 'Exclude classes'],
  ['includeOperations', 'Include operations'],
  ['excludeOperations', 'Exclude operations'],
];

/** The one-line summary of a log record, as the tests and people read it. */
export function summary(r: LogRecord): string {
  const m = r.msg;
  const parts = [ARROW[r.source], r.handlerId ?? ''];
  if (m) {
    parts.push(`${m.class ?? '?'}.${m.operation ?? '?'}`, m.direction ?? '');
    if (m.transactionId !== undefined) parts.push(`· transactionId ${m.transactionId}`);
  }
  if (r.outcome) parts.push(`· ${r.outcome}`);
  if (r.text) parts.push(r.text);
  return parts.filter(Boolean).join(' ');
}

/** A console's log: filters (spec §2 admin page), each line expandable to raw JSON and its items. */
export function RawLog({
  log,
  maxRows,
  onMaxRows,
  onUnsubscribe,
  onUse,
  showRaw = true,
  extra,
}: {
  log: LogRecord[];
  maxRows?: number;
  onMaxRows?: (n: number) => void;
  /** Unsubscribe per handler: offered on hub traffic lines. */
  onUnsubscribe?: (handlerId: string) => void;
  /** Copy a line's message to the send box, or answer it (Link2). */
  onUse?: { label: string; run: (r: LogRecord) => void; when?: (r: LogRecord) => boolean };
  showRaw?: boolean;
  extra?: React.ReactNode;
}) {
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [advanced, setAdvanced] = useState(false);
  const set = (patch: Partial<LogFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const shown = log.filter((r) => shows(r, filter));
  return (
    <Stack gap="xs">
      <Group gap="md" align="end">
        {onMaxRows && (
          <NumberInput
            label="Max rows"
            {...boundNumber(maxRows ?? 20, onMaxRows, 20)}
            min={2}
            max={1000}
            w={110}
          />
        )}
        <Toggle label="Debug" checked={filter.debug} onChange={(on) => set({ debug: on })} />
        <Toggle label="Events" checked={filter.events} onChange={(on) => set({ events: on })} />
        <Toggle
          label="Notifications"
          checked={filter.notifications}
          onChange={(on) => set({ notifications: on })}
        />
        <TextInput
          label="Filter"
          value={filter.text}
          onChange={(e) => set({ text: e.currentTarget.value })}
          w={220}
        />
        <Toggle label="Advanced" checked={advanced} onChange={setAdvanced} />
        {extra}
      </Group>
      {advanced && (
        <Group gap="md">
          {LIST_FILTERS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              onChange={(e) => set({ [key]: words(e.currentTarget.value) })}
            />
          ))}
        </Group>
      )}
      <Stack gap={4} role="log" aria-label="Socket log">
        {shown.map((r) => (
          <LogLine key={r.id} r={r} onUnsubscribe={onUnsubscribe} onUse={onUse} showRaw={showRaw} />
        ))}
        {shown.length === 0 && <Text c="dimmed">Nothing logged yet.</Text>}
      </Stack>
    </Stack>
  );
}

function LogLine({
  r,
  onUnsubscribe,
  onUse,
  showRaw,
}: {
  r: LogRecord;
  onUnsubscribe?: (handlerId: string) => void;
  onUse?: { label: string; run: (r: LogRecord) => void; when?: (r: LogRecord) => boolean };
  showRaw: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [stages, setStages] = useState(false);
  const [page, setPage] = useState<number | null>(null);
  const items = r.msg?.items ?? [];
  const p = page === null ? null : itemsPage(items, page);
  return (
    <Paper withBorder p={6} aria-label="Log entry">
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {formatTimeOfDay(r.created)}
        </Text>
        {r.source === 'error' && <Badge color="red">error</Badge>}
        {showRaw ? (
          // A button (issue 30): the raw JSON opens with Enter or Space as well as a click.
          <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ flex: 1 }}>
            <Text size="sm" ff="monospace">
              {summary(r)}
            </Text>
          </UnstyledButton>
        ) : (
          <Text size="sm" ff="monospace" style={{ flex: 1 }}>
            {summary(r)}
          </Text>
        )}
        {items.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => setPage(page === null ? 0 : null)}>
            {page === null ? `Show items (${items.length})` : 'Hide items'}
          </Button>
        )}
        {r.correlationId && (
          <Button size="compact-xs" variant="subtle" onClick={() => setStages((s) => !s)}>
            {stages ? 'Hide stages' : 'Stages'}
          </Button>
        )}
        {onUse && (onUse.when?.(r) ?? Boolean(r.msg)) && (
          <Button size="compact-xs" variant="light" onClick={() => onUse.run(r)}>
            {onUse.label}
          </Button>
        )}
        {onUnsubscribe && r.source === 'event' && r.handlerId && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => onUnsubscribe(r.handlerId as string)}
          >
            Unsubscribe
          </Button>
        )}
      </Group>
      {p && (
        <Stack gap={2} mt={4}>
          <JsonViewer value={p.items} maxHeight={240} wrap />
          <Group gap="xs">
            <Button size="compact-xs" disabled={p.page === 0} onClick={() => setPage(p.page - 1)}>
              Prev
            </Button>
            <Text size="xs">
              {p.page + 1} / {p.pages}
            </Text>
            <Button size="compact-xs" disabled={p.page >= p.pages - 1} onClick={() => setPage(p.page + 1)}>
              Next
            </Button>
          </Group>
        </Stack>
      )}
      {stages && r.correlationId && (
        <Box mt={4}>
          <Waterfall correlationId={r.correlationId} />
        </Box>
      )}
      {open && showRaw && <JsonViewer value={r.msg ?? r.text} label="Raw JSON" maxHeight={300} wrap />}
    </Paper>
  );
}
