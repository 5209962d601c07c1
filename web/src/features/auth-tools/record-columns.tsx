import type { AuthRecordRow } from '@console/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { formatStamp } from '../../shared/ui/dates.ts';

const stamp = (v: string | null) => (v ? formatStamp(v) : '');

/** The token record's columns (analytics spec §4: created_, expires_at_, max_age_hours_ or ei_hours_). */
export const recordColumns: ColumnDef<AuthRecordRow, string | number | null>[] = [
  { header: 'Id', accessorKey: 'id' },
  { header: 'Client', accessorKey: 'client_id_' },
  { header: 'User', accessorKey: 'user_id_' },
  { header: 'Created', accessorKey: 'created_', cell: (c) => stamp(c.getValue() as string) },
  { header: 'Expires', accessorKey: 'expires_at_', cell: (c) => stamp(c.getValue() as string) },
  {
    header: 'Hours',
    id: 'hours',
    accessorFn: (r) => r.max_age_hours_ ?? r.ei_hours_ ?? null,
  },
  { header: 'Deleted', accessorKey: 'deleted_', cell: (c) => stamp(c.getValue() as string | null) },
];
