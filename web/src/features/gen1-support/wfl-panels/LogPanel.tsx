import type { WflLogEntry } from '@console/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Column, ColumnTable } from '../../ui/ColumnTable.tsx';
import { formatLocal } from '../../ui/dates.ts';
import { ClosablePanel } from './ClosablePanel.tsx';
import { LoadMore } from './LoadMore.tsx';
import { logsQueryOptions } from './queries.ts';

const LEVEL_COLOUR: Record<string, string> = { warn: 'orange', error: 'red' };
const COLUMNS: Column<WflLogEntry>[] = [
  { header: 'Time', cell: (l) => formatLocal(l.time, '') },
  { header: 'Level', cell: (l) => l.level, td: (l) => ({ c: LEVEL_COLOUR[l.level] }) },
  { header: 'Text', cell: (l) => l.text },
];

/** Log panel: what the WFL logged, newest first, with Load more. */
export function LogPanel({ wflId, onClose }: { wflId: number; onClose: () => void }) {
  const q = useInfiniteQuery(logsQueryOptions(wflId));
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <ClosablePanel
      title="Log"
      onClose={onClose}
      fetching={q.isFetching}
      error={q.error}
      empty={q.isSuccess && rows.length === 0 && 'This WFL logged nothing.'}
    >
      <ColumnTable label="Log" striped rows={rows} columns={COLUMNS} rowKey={(l) => l.id} />
      <LoadMore q={q} shown={rows.length} total={q.data?.pages[0]?.total ?? 0} />
    </ClosablePanel>
  );
}
