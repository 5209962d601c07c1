import type { LiveChannel } from '@console/contracts';
import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { errorMessage } from '../../../shared/api/client.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { HubLink } from '../hub/HubLink.tsx';
import type { LiveChannels } from './live-channels.ts';

const col = createColumnHelper<LiveChannel>();
const at = (ms: number) => formatStamp(new Date(ms));
const columns = [
  col.accessor('hubId', {
    header: 'Link',
    cell: ({ row: { original: c } }) => <HubLink hubId={c.hubId} />,
  }),
  col.accessor('hubIdHex', { header: 'Hex', enableSorting: false }),
  col.accessor('handlerId', { header: 'Handler id', enableSorting: false }),
  col.accessor('workerId', { header: 'Worker' }),
  col.accessor('connectedSince', { header: 'Connected since', cell: (c) => at(c.getValue()) }),
  col.accessor('lastSeen', { header: 'Last seen', cell: (c) => at(c.getValue()) }),
];

/** The overview's live links (the open channels of seed 001 §6), every page of the channel list. */
export function LiveLinks({ query }: { query: UseQueryResult<LiveChannels> }) {
  if (query.isPending)
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr={6} aria-label="Loading the live links" />
        Loading the live links (a server that just started asks for 5 s more)…
      </Text>
    );
  if (query.isError)
    return (
      <Alert color="red" title="The live links did not load">
        {errorMessage(query.error)}
      </Alert>
    );
  return (
    <DataTable
      label="Live links"
      data={query.data.channels}
      columns={columns}
      empty="No link is connected."
      rowKey={(c) => String(c.hubId)}
    />
  );
}
