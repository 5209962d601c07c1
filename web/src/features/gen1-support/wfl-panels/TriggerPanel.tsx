import type { WflTrigger } from '@console/contracts';
import { useQuery } from '@tanstack/react-query';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { ClosablePanel, type WflPanelProps } from './ClosablePanel.tsx';
import { triggersQueryOptions } from './queries.ts';

const COLUMNS: Column<WflTrigger>[] = [
  { header: 'ID', cell: (t) => t.id },
  { header: 'Name', cell: (t) => t.name },
  { header: 'Kind', cell: (t) => t.kind },
  { header: 'Condition', cell: (t) => t.condition },
  { header: 'Action', cell: (t) => t.action, td: () => ({ style: { fontFamily: 'monospace' } }) },
  { header: 'Active', cell: (t) => t.active },
  { header: 'Created', cell: (t) => formatStamp(t.created) },
];

/** Trigger panel: the triggers the WFL reports. */
export function TriggerPanel({ wflId, onClose }: WflPanelProps) {
  const q = useQuery(triggersQueryOptions(wflId));
  return (
    <ClosablePanel
      title="Trigger"
      onClose={onClose}
      q={q}
      empty={q.data?.rows.length === 0 && 'This WFL reports no triggers.'}
    >
      {q.data && (
        <ColumnTable label="Triggers" striped rows={q.data.rows} columns={COLUMNS} rowKey={(t) => t.id} />
      )}
    </ClosablePanel>
  );
}
