import { Button, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../../shared/ui/DataTable.tsx';
import { DetailsModal } from '../../../../shared/ui/DetailsModal.tsx';
import { QueryState } from '../../../../shared/ui/QueryAnswer.tsx';
import { type Row, type TabOperationId, useTabPages } from './tab-pages.ts';
import { useTextSearch } from './use-text-search.tsx';

export interface PagedTableProps {
  label: string;
  /** The tab's read. */
  operation: TabOperationId;
  body: Row;
  /** The date the server orders by and pages on; 'createdDate' unless named. */
  dateField?: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<Row, any>[];
  /** The details dialog's title; without it rows do not open one. */
  details?: string;
  rowColour?: (row: Row) => string | undefined;
  /** Rows shown, after the tab's own client-side filter (the Logs summary filters). */
  visible?: (rows: Row[]) => Row[];
  empty?: string;
  /** Shown above the table with all loaded rows (summaries, counts). */
  header?: (rows: Row[]) => React.ReactNode;
  /** The label of a text search above the table that asks the server (`text` in the body). */
  search?: string;
}

/** A tab that is only a paged table of the structure's records: its table, less the body. */
export type PagedTabSpec = Omit<PagedTableProps, 'body'>;

/** One structure tab's table: newest first, 'Get More' for older records, a row opens its JSON. */
export function PagedTable({ search, ...p }: PagedTableProps) {
  return search ? <SearchedRows {...p} search={search} /> : <PagedRows {...p} />;
}

function SearchedRows({ search, body, ...p }: PagedTableProps & { search: string }) {
  const text = useTextSearch(search);
  return (
    <Stack gap="sm">
      {text.field}
      <PagedRows {...p} body={{ ...body, ...text.body }} />
    </Stack>
  );
}

function PagedRows(p: PagedTableProps) {
  const q = useTabPages(p.operation, p.body, p.dateField ?? 'createdDate');
  const [open, setOpen] = useState<Row | null>(null);
  if (q.isPending || q.isError)
    return <QueryState q={q} loading={`Loading ${p.label}`} failed={`${p.label} could not be loaded`} />;
  const rows = p.visible ? p.visible(q.rows) : q.rows;
  return (
    <>
      {p.header?.(q.rows)}
      <DataTable
        label={p.label}
        data={rows}
        columns={p.columns}
        rowKey={(r, i) => String(r._id ?? i)}
        height={520}
        empty={p.empty}
        rowProps={(r) => ({
          bg: p.rowColour?.(r),
          ...(p.details ? { onOpen: () => setOpen(r), title: 'Show details' } : {}),
        })}
      />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {q.rows.length} loaded{q.hasNextPage ? '' : ' · no more'}
        </Text>
        {q.hasNextPage && (
          <Button size="xs" variant="light" loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
            Get More
          </Button>
        )}
      </Group>
      {p.details && <DetailsModal title={p.details} value={open} onClose={() => setOpen(null)} />}
    </>
  );
}
