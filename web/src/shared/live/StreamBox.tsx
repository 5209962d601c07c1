import type { LiveEvent } from '@console/contracts';
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { CopyLinkButton } from '../ui/CopyLinkButton.tsx';
import { formatClock } from '../ui/dates.ts';
import { JsonViewer } from '../ui/JsonViewer.tsx';
import { MeasuredRow } from '../ui/MeasuredRow.tsx';
import { describe } from './counters.ts';
import { ChangeChips, DiffView, useChanges } from './DiffView.tsx';
import { previousOfKind } from './diff.ts';

const DIRECTION_COLOUR: Record<string, string> = { request: 'blue', response: 'teal', notification: 'grape' };
const keyOf = (e: LiveEvent) => `${e.epoch}:${e.offset}`;

/**
 * The stream box (seed 001 §2): 340 px, newest first, each entry expandable to its raw JSON. Each
 * row names the keys that changed since the previous entry of its class.operation (issue 17,
 * structural diff); expanded, it compares the two side by side, or with an entry picked anywhere.
 */
export function StreamBox({
  events,
  linkFor,
}: {
  events: readonly LiveEvent[];
  /** A link to the entry's moment in its hub's timeline (issue 17), when it has one. */
  linkFor?: (event: LiveEvent) => string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => [...events].reverse(), [events]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => 30,
    overscan: 8,
    getItemKey: (i) => keyOf(rows[i] as LiveEvent),
  });
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Box
      ref={box}
      role="log"
      aria-label="Stream"
      aria-live="off"
      h={340}
      style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" p="sm">
          Waiting for messages…
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const event = rows[item.index] as LiveEvent;
          const key = String(item.key);
          return (
            <MeasuredRow key={key} index={item.index} start={item.start} measure={virtualizer.measureElement}>
              <StreamEntry
                event={event}
                previous={previousOfKind(rows, item.index)}
                open={open.has(key)}
                onToggle={() => toggle(key)}
                link={linkFor?.(event) ?? null}
              />
            </MeasuredRow>
          );
        })}
      </div>
    </Box>
  );
}

function StreamEntry({
  event,
  previous,
  open,
  onToggle,
  link,
}: {
  event: LiveEvent;
  link: string | null;
  /** The previous entry of its class.operation: the row's chips name the keys that changed since. */
  previous: LiveEvent | null;
  open: boolean;
  onToggle: () => void;
}) {
  const direction = event.meta?.direction ?? event.kind ?? 'event';
  const changes = useChanges(event, previous);
  return (
    <Box px="xs" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap={4} wrap="nowrap">
        <UnstyledButton onClick={onToggle} aria-expanded={open} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" ff="monospace" c="dimmed">
              {formatClock(event.at)}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={event.malformed !== undefined ? 'red' : (DIRECTION_COLOUR[direction] ?? 'gray')}
            >
              {direction}
            </Badge>
            <Text size="sm" truncate>
              {describe(event)}
            </Text>
            <ChangeChips changes={changes} />
          </Group>
        </UnstyledButton>
        {link && <CopyLinkButton path={link} label={`Copy link to entry ${event.offset}`} />}
      </Group>
      {open && (
        // The structural diff first (issue 30): what changed is read before the whole message.
        <Stack mt={4} gap={4}>
          {event.meta && <DiffView event={event} previous={previous} />}
          <JsonViewer value={event} label="Raw JSON" wrap />
        </Stack>
      )}
    </Box>
  );
}
