import type { Gen1Pings } from '@console/contracts';
import { Alert, Badge, ScrollArea, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import { AutoRefreshToggle } from './AutoRefreshToggle.tsx';
import { pingsQueryOptions } from './queries.ts';
import { useAutoRefresh } from './use-auto-refresh.ts';
import { WflPanel } from './WflPanel.tsx';

export const REFRESH_EVERY_MS = 5000;

type Ping = Gen1Pings['pings'][number];
const COLUMNS: Column<Ping>[] = [
  { header: 'Data', cell: (p) => p.data, td: () => ({ style: { wordBreak: 'break-all' } }) },
  { header: 'Reply', cell: (p) => p.reply },
  { header: 'Node', cell: (p) => p.node },
  { header: 'Date', cell: (p) => formatLocal(p.date, '') },
];

/** Pings panel (seed 000 §2): Data, Reply, Node, Date, with an auto-refresh that shows its stop time. */
export function PingsPanel({ mac }: { mac: string }) {
  const auto = useAutoRefresh();
  const pings = useQuery({ ...pingsQueryOptions(mac), refetchInterval: auto.on ? REFRESH_EVERY_MS : false });
  return (
    <WflPanel
      title="Pings"
      status={
        pings.data && (
          <Badge color={pings.data.online ? 'green' : 'red'} variant="light">
            {pings.data.online ? 'online' : 'offline'}
          </Badge>
        )
      }
      fetching={pings.isFetching}
      actions={<AutoRefreshToggle on={auto.on} stopAt={auto.stopAt} onToggle={auto.toggle} />}
    >
      {pings.isError && <Alert color="red">{errorMessage(pings.error)}</Alert>}
      {pings.data && pings.data.pings.length === 0 && (
        <Text size="sm" c="dimmed">
          No pings from this link.
        </Text>
      )}
      {pings.data && pings.data.pings.length > 0 && (
        <ScrollArea.Autosize mah={320}>
          <ColumnTable
            striped
            highlightOnHover
            label="Pings"
            rows={pings.data.pings}
            columns={COLUMNS}
            rowKey={(p) => p.id}
          />
        </ScrollArea.Autosize>
      )}
    </WflPanel>
  );
}
