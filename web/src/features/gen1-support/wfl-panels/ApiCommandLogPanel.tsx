import type { ApiCommandEntry } from '@console/contracts';
import { Button, ScrollArea } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DetailsModal } from '../../../shared/ui/DetailsModal.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import type { WflPanelProps } from './ClosablePanel.tsx';
import { PagedPanel } from './PagedPanel.tsx';
import { apiCommandsQueryOptions, panelKeys } from './queries.ts';

/** The entry as logged, parsed for the JSON viewer; the text itself when it is not JSON. */
function rawEntry(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const columns = (open: (e: ApiCommandEntry) => void): Column<ApiCommandEntry>[] => [
  { header: 'Action', cell: (e) => e.action },
  { header: 'Time', cell: (e) => formatLocal(e.time, '') },
  { header: 'Type', cell: (e) => e.type },
  { header: 'DeviceID', cell: (e) => e.device_id ?? '' },
  { header: 'Command Val', cell: (e) => e.command_value },
  { header: 'Command Desc.', cell: (e) => e.command_description },
  { header: 'Error', cell: (e) => e.error ?? '', td: () => ({ c: 'red' }) },
  {
    header: 'All',
    cell: (e) => (
      <Button size="compact-xs" variant="light" onClick={() => open(e)} aria-label={`All of entry ${e.id}`}>
        All
      </Button>
    ),
  },
];

/** Public-API command log (seed 000 §2): newest first, Load more, Refresh, the whole entry under All. */
export function ApiCommandLogPanel({ wflId, onClose }: WflPanelProps) {
  const client = useQueryClient();
  const q = useInfiniteQuery(apiCommandsQueryOptions(wflId));
  const [shown, setShown] = useState<ApiCommandEntry | null>(null);
  return (
    <PagedPanel
      title="Command log"
      onClose={onClose}
      q={q}
      empty="No public-API commands for this WFL."
      actions={
        <Button
          size="xs"
          variant="default"
          onClick={() => void client.resetQueries({ queryKey: panelKeys.panel(wflId, 'apiCommands') })}
        >
          Refresh
        </Button>
      }
    >
      {(rows) => (
        <>
          <ScrollArea>
            <ColumnTable
              label="Command log"
              striped
              highlightOnHover
              rows={rows}
              columns={columns(setShown)}
              rowKey={(e) => e.id}
            />
          </ScrollArea>
          <DetailsModal
            title={`Command log entry ${shown?.id ?? ''}`}
            value={shown ? rawEntry(shown.raw) : null}
            onClose={() => setShown(null)}
          />
        </>
      )}
    </PagedPanel>
  );
}
