import { DATA_MONITOR, type DataMonitorFormat, type EnergyRow } from '@console/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../shared/ui/DataTable.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';

const at = (format: DataMonitorFormat) => (v: string) => (format === 'formatted' ? formatStamp(v) : v);

/** The page's rows as the API answered them; 'formatted' shows times as dd/MM/yy HH:mm:ss. */
export function EnergyTable({ rows, format }: { rows: readonly EnergyRow[]; format: DataMonitorFormat }) {
  const time = at(format);
  const columns: ColumnDef<EnergyRow, unknown>[] = [
    { header: 'Time', accessorKey: 'time', cell: (c) => time(c.getValue() as string) },
    { header: 'Serial', accessorKey: 'serial' },
    { header: 'MAC', accessorKey: 'mac' },
    { header: 'Current use (W)', accessorKey: 'current_use' },
    { header: 'Day use (Wh)', accessorKey: 'total_day_use' },
    { header: 'Created', accessorKey: 'created_at', cell: (c) => time(c.getValue() as string) },
    { header: '_use_diff', accessorKey: '_use_diff', cell: (c) => c.getValue() ?? '' },
    { header: '_debug', accessorKey: '_debug', cell: (c) => c.getValue() ?? '' },
  ];
  return (
    <DataTable
      label="Energy readings"
      data={rows}
      columns={columns}
      rowKey={(r) => `${r.serial}|${r.mac}|${r.time}`}
      // A page (30 rows) shows whole, without an inner scroll.
      height={(DATA_MONITOR.graphLoad + 2) * 37}
      empty="No energy readings in this range"
      dense
    />
  );
}
