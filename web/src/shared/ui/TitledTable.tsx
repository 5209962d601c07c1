import { Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Column } from './ColumnTable.tsx';
import { DataTable } from './DataTable.tsx';

export type { Column } from './ColumnTable.tsx';

interface TitledTableProps<T> {
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  empty?: string;
  /** The title's heading level: one below the section the table sits in. */
  order?: 2 | 3 | 4 | 5;
}

/**
 * A titled section holding a dense DataTable with its row count (the Gen1 account's rooms,
 * devices, zones, timers…). Columns keep the order the data has, so they do not sort.
 */
export function TitledTable<T>({
  title,
  rows,
  columns,
  rowKey,
  empty = 'None',
  order = 4,
}: TitledTableProps<T>) {
  const defs: ColumnDef<T>[] = columns.map((c) => ({
    id: c.header,
    header: c.header,
    cell: (ctx) => c.cell(ctx.row.original),
    enableSorting: false,
  }));
  return (
    <section aria-label={title}>
      <Title order={order} mb={4}>
        {title} ({rows.length})
      </Title>
      <DataTable
        dense
        label={title}
        data={rows}
        columns={defs}
        rowKey={(row) => String(rowKey(row))}
        empty={empty}
      />
    </section>
  );
}
