import type { WflLogEntry } from '@console/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import type { WflPanelProps } from './ClosablePanel.tsx';
import { PagedPanel } from './PagedPanel.tsx';
import { logsQueryOptions } from './queries.ts';

const LEVEL_COLOUR: Record<string, string> = { warn: 'orange', error: 'red' };
const COLUMNS: Column<WflLogEntry>[] = [
  { header: 'Time', cell: (l) => formatLocal(l.time, '') },
  { header: 'Level', cell: (l) => l.level, td: (l) => ({ c: LEVEL_COLOUR[l.level] }) },
  { header: 'Text', cell: (l) => l.text },
];

/** Log panel: what the WFL logged, newest first, with Load more. */
export function LogPanel({ wflId, onClose }: WflPanelProps) {
  const q = useInfiniteQuery(logsQueryOptions(wflId));
  return (
    <PagedPanel title="Log" onClose={onClose} q={q} empty="This WFL logged nothing.">
      {(rows) => <ColumnTable label="Log" striped rows={rows} columns={COLUMNS} rowKey={(l) => l.id} />}
    </PagedPanel>
  );
}
