import { Badge } from '@mantine/core';
import { accessor, stamp } from './columns.tsx';
import { formatDuration, withOffline } from './conns.ts';
import type { PagedTabSpec } from './PagedTable.tsx';

const columns = [
  stamp('createdDate', 'Start'),
  stamp('removedDate', 'End'),
  accessor((r) => Number(r.connectionDuration ?? 0), {
    id: 'duration',
    header: 'Duration',
    cell: (c) => formatDuration(c.getValue()),
  }),
  accessor((r) => r.offlineMs as number | null, {
    id: 'offline',
    header: 'Offline before',
    cell: (c) => {
      const ms = c.getValue();
      if (ms === null) return '—';
      return c.row.original.longOffline ? (
        <Badge size="xs" color="red" title="More than 5 minutes between connections">
          long offline · {formatDuration(ms)}
        </Badge>
      ) : (
        formatDuration(ms)
      );
    },
  }),
];

/** Conns (seed 001 §2): the links' past connections, newest first, with the gaps between them. */
export const connsTab: PagedTabSpec = {
  label: 'Connections',
  operation: 'search.connections',
  columns,
  details: 'Connection',
  visible: withOffline,
};
