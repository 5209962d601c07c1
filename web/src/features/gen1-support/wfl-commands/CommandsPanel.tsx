import { displayMac, type Gen1CommandRow } from '@console/contracts';
import { Alert, Button, ScrollArea, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { ConfirmDeleteModal } from '../../../shared/ui/ConfirmDeleteModal.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import { LoadMore } from '../wfl-panels/LoadMore.tsx';
import { AutoRefreshToggle } from './AutoRefreshToggle.tsx';
import { REFRESH_EVERY_MS } from './PingsPanel.tsx';
import {
  commandsInfiniteQueryOptions,
  deleteUnexecuted,
  newestCommandsQueryOptions,
  wflKeys,
} from './queries.ts';
import { useAutoRefresh } from './use-auto-refresh.ts';
import { WflPanel } from './WflPanel.tsx';
import { mergeCommands } from './wfl-commands.ts';

const COLUMNS: Column<Gen1CommandRow>[] = [
  { header: 'ID', cell: (c) => c.id },
  { header: 'RequestTime', cell: (c) => formatLocal(c.request_date, '') },
  { header: 'ReplyTime', cell: (c) => formatLocal(c.reply_date, '') },
  {
    header: 'Latency',
    cell: (c) => (c.latency === null ? '' : `${c.latency} ms`),
    td: (c) => ({ c: c.latency !== null && c.latency >= 3000 ? 'orange' : undefined }),
  },
  { header: 'Email', cell: (c) => c.email },
  { header: 'WifiLink', cell: (c) => displayMac(c.mac) },
  { header: 'Command', cell: (c) => c.command, td: () => ({ style: { fontFamily: 'monospace' } }) },
  { header: 'Reply', cell: (c) => (c.reply ? (c.reply_string ?? '') : 'no reply') },
  { header: 'Ack', cell: (c) => (c.ack_date ? formatLocal(c.ack_date, '') : 'not executed') },
];

/**
 * Commands table (seed 000 §2): 15 rows per load, the newest 10 on each refresh, Load more,
 * Delete Un-executed Commands (typed confirmation) and an auto-refresh toggle.
 */
export function CommandsPanel({ mac }: { mac: string }) {
  const client = useQueryClient();
  const auto = useAutoRefresh();
  const [asking, setAsking] = useState(false);
  const pages = useInfiniteQuery(commandsInfiniteQueryOptions(mac));
  const newest = useQuery({
    ...newestCommandsQueryOptions(mac),
    refetchInterval: auto.on ? REFRESH_EVERY_MS : false,
  });
  const rows = mergeCommands(newest.data?.commands ?? [], pages.data?.pages.map((p) => p.commands) ?? []);
  const remove = useMutation({
    mutationFn: () => deleteUnexecuted(mac),
    onSuccess: (r) => {
      setAsking(false);
      notifications.show({ color: 'green', message: r.message });
      void client.invalidateQueries({ queryKey: wflKeys.all(mac) });
    },
    onError: (e) => {
      setAsking(false);
      notifications.show({ color: 'red', message: errorMessage(e) });
    },
  });

  return (
    <WflPanel
      title="Commands"
      fetching={pages.isFetching || newest.isFetching}
      actions={
        <>
          <Button size="xs" color="red" variant="light" onClick={() => setAsking(true)}>
            Delete Un-executed Commands
          </Button>
          <AutoRefreshToggle on={auto.on} stopAt={auto.stopAt} onToggle={auto.toggle} />
        </>
      }
    >
      {pages.isError && <Alert color="red">{errorMessage(pages.error)}</Alert>}
      {pages.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No commands queued for this link.
        </Text>
      )}
      {rows.length > 0 && (
        <ScrollArea>
          <ColumnTable
            striped
            highlightOnHover
            label="Commands"
            rows={rows}
            columns={COLUMNS}
            rowKey={(c) => c.id}
          />
        </ScrollArea>
      )}
      <LoadMore q={pages} />
      <ConfirmDeleteModal
        opened={asking}
        title="Delete Un-executed Commands"
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setAsking(false)}
      >
        <Text size="sm">
          Delete every command of WiFi link {displayMac(mac)} that was never executed (no ack)? An automatic
          support note will name you.
        </Text>
      </ConfirmDeleteModal>
    </WflPanel>
  );
}
