import { TIMELINE, type TimelineFocus, type TimelinePage, type TopicFilter } from '@console/contracts';
import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { MeasuredRow } from '../../shared/ui/MeasuredRow.tsx';
import { QueryState } from '../../shared/ui/QueryAnswer.tsx';
import { TypedConfirmModal } from '../../shared/ui/TypedConfirmModal.tsx';
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

  // Older pages as the end comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Newer pages go above: keep the entry at the top where it was.
  const list = useRef<ListHandle | null>(null);
  const loadNewer = async () => {
    const top = list.current?.topKey() ?? null;
    const res = await query.fetchPreviousPage();
    if (!top || !res.data) return;
    const all = res.data.pages.flatMap((p) => p.entries);
    const i = all.findIndex((e) => e.key === top);
    if (i >= 0) list.current?.scrollToIndex(i);
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

  if (query.isError) return <QueryState q={query} failed="The timeline could not be loaded" />;

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
      <TimelineList
        rows={rows}
        hubId={hubId}
        filter={filter}
        focus={focus}
        height={height}
        busy={query.isPending}
        empty={!query.isLoading && rows.length === 0}
        open={open}
        onToggle={toggle}
        onDelete={onDelete}
        onNearEnd={onNearEnd}
        handle={list}
      />
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

/** What the screen asks of the list: the entry at its top, and a scroll to an entry. */
interface ListHandle {
  topKey(): string | null;
  scrollToIndex(index: number): void;
}

/**
 * The virtualised list alone: a scrolled frame re-renders only this (the virtualizer's state), not
 * the screen's buttons, counts and dialog (component-library parts that cost long tasks while
 * scrolling: tests/bench/timeline.ts).
 */
function TimelineList({
  rows,
  hubId,
  filter,
  focus,
  height,
  busy,
  empty,
  open,
  onToggle,
  onDelete,
  onNearEnd,
  handle,
}: {
  rows: Row[];
  hubId: string;
  filter: TopicFilter;
  focus: TimelineFocus | null;
  height: number | string;
  busy: boolean;
  empty: boolean;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onDelete: (row: Row) => void;
  onNearEnd: () => void;
  handle: Ref<ListHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Kept while the rows are: a new one makes the virtualizer lay out every loaded row again.
  const getItemKey = useCallback((i: number) => (rows[i] as Row).key, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => 31,
    overscan: 10,
    getItemKey,
  });
  useImperativeHandle(
    handle,
    () => ({
      topKey: () => {
        const top = virtualizer.getVirtualItems()[0];
        return top ? (rows[top.index] as Row).key : null;
      },
      scrollToIndex: (i) => virtualizer.scrollToIndex(i, { align: 'start' }),
    }),
    [rows, virtualizer],
  );
  const items = virtualizer.getVirtualItems();

  // Open at the linked entry once it is loaded.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focus?.key || scrolledTo.current === focus.key) return;
    const i = rows.findIndex((r) => r.key === focus.key);
    if (i < 0) return;
    scrolledTo.current = focus.key;
    virtualizer.scrollToIndex(i, { align: 'center' });
  }, [focus, rows, virtualizer]);

  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 30) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a scroll box of positioned wrappers, not a <ul>'s items.
    <div
      ref={box}
      role="list"
      aria-label="Timeline"
      aria-busy={busy}
      style={{
        height,
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    >
      {empty && (
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
                onToggle={onToggle}
                onDelete={onDelete}
              />
            </MeasuredRow>
          );
        })}
      </div>
    </div>
  );
}
