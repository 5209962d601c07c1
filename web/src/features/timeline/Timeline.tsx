import { TIMELINE, type TimelineFocus, type TimelinePage, type TopicFilter } from '@console/contracts';
import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { MeasuredRow } from '../ui/MeasuredRow.tsx';
import { TypedConfirmModal } from '../ui/TypedConfirmModal.tsx';
import {
  deleteAnnotation,
  type PageParam,
  timelineKeys,
  timelinePreviewOptions,
  timelineQueryOptions,
} from './queries.ts';
import { type Row, TimelineRow } from './TimelineRow.tsx';

const NO_PAGES: TimelinePage[] = [];

/**
 * A hub's timeline, newest at the top: one virtualised list over pages of the timeline operation,
 * older pages loaded as the list is scrolled down, newer ones on request. Opened at a moment (a
 * link or a jump), it scrolls to that entry and highlights it.
 */
export function Timeline({
  hubId,
  filter,
  start,
  height,
  onFocus,
}: {
  hubId: string;
  filter: TopicFilter;
  start: PageParam;
  height: number | string;
  onFocus?: (focus: TimelineFocus | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(timelineQueryOptions(hubId, filter, start));
  // While the newest page loads (it reads every stored source, a scan each on FerretDB), the hub
  // stream's newest entries, a cheap read, stand in for it, marked as partial.
  const preview = useQuery({
    ...timelinePreviewOptions(hubId, filter),
    enabled: start.kind === 'newest' && query.isPending,
  });
  const partial = query.isPending && !!preview.data;
  const pages = query.data?.pages ?? (partial && preview.data ? [preview.data] : NO_PAGES);

  // Each page's rows are made once (kept by page): a new page costs its own entries, and rows
  // already on screen keep their identity (their memoised rendering stays).
  const pageRows = useRef(new WeakMap<TimelinePage, Row[]>());
  const rows = useMemo(() => {
    const seen = new Set<string>();
    const out: Row[] = [];
    for (const page of pages) {
      let made = pageRows.current.get(page);
      if (!made) {
        made = page.entries.map((e) => ({ ...e, epoch: page.epoch }));
        pageRows.current.set(page, made);
      }
      for (const r of made) {
        if (seen.has(r.key)) continue;
        seen.add(r.key);
        out.push(r);
      }
    }
    return out;
  }, [pages]);
  const focus = useMemo(() => query.data?.pages.find((p) => p.focus)?.focus ?? null, [query.data]);
  useEffect(() => onFocus?.(focus), [focus, onFocus]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => 31,
    overscan: 10,
    getItemKey: (i) => (rows[i] as Row).key,
  });

  // Open at the linked entry once it is loaded.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focus?.key || scrolledTo.current === focus.key) return;
    const i = rows.findIndex((r) => r.key === focus.key);
    if (i < 0) return;
    scrolledTo.current = focus.key;
    virtualizer.scrollToIndex(i, { align: 'center' });
  }, [focus, rows, virtualizer]);

  // Older pages as the end comes into view.
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (lastIndex >= rows.length - 30 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Newer pages go above: keep the entry at the top where it was.
  const loadNewer = async () => {
    const top = items[0] ? (rows[items[0].index] as Row).key : null;
    const res = await query.fetchPreviousPage();
    if (!top || !res.data) return;
    const all = res.data.pages.flatMap((p) => p.entries);
    const i = all.findIndex((e) => e.key === top);
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'start' });
  };

  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (key: string) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const [deleting, setDeleting] = useState<Row | null>(null);
  const onDelete = useCallback((row: Row) => setDeleting(row), []);
  const confirmDelete = async (typed: string) => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    const id = String((row.data as { id?: string }).id ?? '');
    try {
      await deleteAnnotation(hubId, id, typed);
      notifications.show({ color: 'green', message: 'Annotation deleted.' });
      await queryClient.invalidateQueries({ queryKey: timelineKeys.hub(hubId) });
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e) });
    }
  };

  if (query.isError)
    return (
      <Alert color="red" title="The timeline could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    );

  return (
    <Box>
      <Group gap="xs" mb={4}>
        <Button
          size="xs"
          variant="default"
          onClick={() => void loadNewer()}
          disabled={!query.hasPreviousPage}
          loading={query.isFetchingPreviousPage}
        >
          Load newer
        </Button>
        <Text size="xs" c="dimmed">
          {rows.length.toLocaleString('en')} entries loaded
          {partial
            ? ' · the hub’s messages so far; actions, notes, sync and firmware are loading'
            : query.hasNextPage
              ? ''
              : rows.length > 0
                ? ' · the start of the last 24 hours is reached'
                : ''}
        </Text>
        {(query.isLoading || query.isFetchingNextPage) && <Loader size="xs" />}
      </Group>
      <Box
        ref={box}
        role="list"
        aria-label="Timeline"
        aria-busy={query.isPending}
        h={height}
        style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      >
        {!query.isLoading && rows.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            Nothing in this hub’s timeline for these filters.
          </Text>
        )}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index] as Row;
            return (
              <MeasuredRow
                key={item.key}
                index={item.index}
                start={item.start}
                measure={virtualizer.measureElement}
              >
                <TimelineRow
                  row={row}
                  hubId={hubId}
                  filter={filter}
                  open={open.has(row.key)}
                  focused={focus?.key === row.key}
                  onToggle={toggle}
                  onDelete={onDelete}
                />
              </MeasuredRow>
            );
          })}
        </div>
      </Box>
      <TypedConfirmModal
        opened={deleting !== null}
        title="Delete this annotation?"
        words={`'${TIMELINE.annotationDeleteConfirmation}'`}
        matches={(t) => t.trim().toLowerCase() === TIMELINE.annotationDeleteConfirmation}
        wrongText="Wrong Confirmation"
        confirmLabel="Delete"
        hint="The deletion is recorded in the audit trail."
        onConfirm={(t) => void confirmDelete(t)}
        onCancel={() => setDeleting(null)}
      >
        <Text size="sm">{deleting?.title}</Text>
      </TypedConfirmModal>
    </Box>
  );
}
