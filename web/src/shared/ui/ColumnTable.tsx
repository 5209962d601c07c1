import { Table, type TableProps, type TableTdProps, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a plain table: a header and what a row shows under it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Props of the row's cell in this column (a colour, a style). */
  td?: (row: T) => TableTdProps;
  /** With a `sort` on the table, the header is a button that sorts by this key. */
  sortKey?: string;
}

export type SortDir = 'asc' | 'desc';

/** The table's sort order and what a header click asks for (the caller sorts its rows). */
export interface ColumnSort {
  key: string;
  dir: SortDir;
  onSort: (key: string) => void;
}

/** The next order after a click on `key`'s header: ascending first, then flips. */
export const nextSort = (s: { key: string; dir: SortDir }, key: string): { key: string; dir: SortDir } => ({
  key,
  dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc',
});

/** A header row of plain titles (for tables that draw their own body rows). */
export function TableHead({ headers }: { headers: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((h) => (
          <Table.Th key={h}>{h}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function SortHeader({ label, sortKey, sort }: { label: string; sortKey: string; sort: ColumnSort }) {
  const on = sort.key === sortKey;
  return (
    <Table.Th aria-sort={on ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton fz="sm" fw={600} onClick={() => sort.onSort(sortKey)}>
        {label}
        {on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export interface ColumnTableProps<T> extends Omit<TableProps, 'data' | 'children'> {
  /** The table's accessible name. */
  label?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  sort?: ColumnSort;
}

/**
 * A plain Mantine table from a list of columns: short, fully drawn lists (a host's processes, a
 * service's endpoints, a link's pings). Long or user-sortable data goes to `DataTable`; a table
 * whose rows hold editors draws its body itself under a `TableHead`.
 */
export function ColumnTable<T>({ label, rows, columns, rowKey, sort, ...table }: ColumnTableProps<T>) {
  return (
    <Table aria-label={label} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) =>
            sort && c.sortKey ? (
              <SortHeader key={c.header} label={c.header} sortKey={c.sortKey} sort={sort} />
            ) : (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)}>
            {columns.map((c) => (
              <Table.Td key={c.header} {...c.td?.(r)}>
                {c.cell(r)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
