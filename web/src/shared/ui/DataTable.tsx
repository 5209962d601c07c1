import { ScrollArea, Table, Text } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';

const ROW_HEIGHT = 37;

export interface DataTableProps<T> {
  /** The table's accessible name (and the empty text's). */
  label: string;
  data: readonly T[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  rowKey: (row: T, index: number) => string;
  /** Rows beyond this many pixels scroll inside the table, virtualised. */
  height?: number;
  empty?: string;
  /** Small type and borders, for raw-data tables that scroll sideways (the Gen1 account tables). */
  dense?: boolean;
  /** Per-row colour and click (a row that opens a details dialog is a button for keyboards too). */
  rowProps?: (row: T) => { bg?: string; onOpen?: () => void; title?: string };
}

/**
 * The console's one data table: a TanStack Table drawn with Mantine. Rows are virtualised inside a
 * box of `height` px when the list is longer than fits (the overview's link lists hold up to 100
 * each); short lists render plainly. Column headers sort where the column allows it.
 */
export function DataTable<T>({
  label,
  data,
  columns,
  height = 360,
  empty = 'No results found',
  rowKey,
  dense = false,
  rowProps,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: data as T[],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey,
  });
  const box = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const virtual = rows.length * ROW_HEIGHT > height;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : rows.map((_, index) => ({ index, start: 0 }));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.start ?? 0) - ROW_HEIGHT : 0;

  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-label={label}>
        {empty}
      </Text>
    );

  const drawn = (
    <div
      ref={box}
      style={virtual ? { maxHeight: height, overflowY: 'auto' } : undefined}
      // A scrolling box is reachable by keyboard, so its rows can be scrolled without a mouse (its
      // table inside carries the name; a second one here would make the label match twice).
      tabIndex={virtual ? 0 : undefined}
    >
      <Table
        aria-label={label}
        striped
        highlightOnHover={!dense}
        withTableBorder={dense}
        fz={dense ? 'xs' : undefined}
        stickyHeader={virtual}
        verticalSpacing={dense ? undefined : 6}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((hg) => (
            <Table.Tr key={hg.id}>
              {hg.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <Table.Th
                    key={h.id}
                    onClick={h.column.getCanSort() ? h.column.getToggleSortingHandler() : undefined}
                    style={h.column.getCanSort() ? { cursor: 'pointer', userSelect: 'none' } : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {flexRender(h.column.columnDef.header, h.getContext())}
                    {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden>
              <td style={{ height: before, padding: 0 }} colSpan={columns.length} />
            </tr>
          )}
          {items.map(({ index }) => {
            const row = rows[index];
            if (!row) return null;
            const extra = rowProps?.(row.original);
            const open = extra?.onOpen;
            return (
              <Table.Tr
                key={row.id}
                bg={extra?.bg}
                title={extra?.title}
                style={{ ...(virtual ? { height: ROW_HEIGHT } : {}), ...(open ? { cursor: 'pointer' } : {}) }}
                onClick={open}
                onKeyDown={open ? (e) => e.key === 'Enter' && open() : undefined}
                tabIndex={open ? 0 : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden>
              <td style={{ height: after, padding: 0 }} colSpan={columns.length} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
  return dense ? <ScrollArea>{drawn}</ScrollArea> : drawn;
}
