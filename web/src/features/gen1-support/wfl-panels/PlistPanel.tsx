import { useQuery } from '@tanstack/react-query';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import { ClosablePanel, type WflPanelProps } from './ClosablePanel.tsx';
import { plistQueryOptions } from './queries.ts';

type Entry = { key: string; value: string };
const COLUMNS: Column<Entry>[] = [
  { header: 'Key', cell: (e) => e.key },
  { header: 'Value', cell: (e) => e.value, td: () => ({ style: { wordBreak: 'break-all' } }) },
];

/** Plist panel: the app plist imported for the WFL, key by key, with when it was imported. */
export function PlistPanel({ wflId, onClose }: WflPanelProps) {
  const q = useQuery(plistQueryOptions(wflId));
  return (
    <ClosablePanel
      title="Plist"
      onClose={onClose}
      q={q}
      empty={q.data?.entries.length === 0 && 'No plist was imported for this WFL.'}
    >
      {q.data && (
        <>
          <span>Imported {formatLocal(q.data.imported)}</span>
          <ColumnTable label="Plist" striped rows={q.data.entries} columns={COLUMNS} rowKey={(e) => e.key} />
        </>
      )}
    </ClosablePanel>
  );
}
