import { SEARCH_TEXT } from '@console/contracts';
import { Badge, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay, formatStamp } from '../../../shared/ui/dates.ts';
import { TitledTable } from '../../../shared/ui/TitledTable.tsx';
import { accountQueryOptions } from '../queries.ts';
import { SearchError } from '../search/SearchError.tsx';
import { shownMac } from '../wfl-display.ts';
import { AccountTables, Inconsistencies } from './AccountTables.tsx';
import { DetailHeader } from './DetailHeader.tsx';

/** The read-only detail view of one account: the user, its WFLs and all their rows. */
export function AccountDetail({ userId, onClose }: { userId: number; onClose: () => void }) {
  const account = useQuery(accountQueryOptions(userId));
  const a = account.data;
  return (
    <Stack gap="md" component="section" aria-label="Account detail">
      <DetailHeader
        userId={userId}
        refreshing={account.isFetching}
        onRefresh={() => void account.refetch()}
        onClose={onClose}
      />
      {account.isPending && <Loader size="sm" aria-label="Loading the account" />}
      {account.isError && <SearchError error={account.error} />}
      {a && (
        <>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {(
                [
                  ['User id', a.user.user_id],
                  ['Name', a.user.name],
                  ['Username', a.user.username],
                  ['E-mail', a.user.email],
                  ['Role', a.user.role ?? 'none'],
                  ['Active', a.user.active],
                  ['Created', formatDay(a.user.created)],
                  ['Updated', formatDay(a.user.updated)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm">{value}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          <Inconsistencies items={a.inconsistencies} />
          <TitledTable
            title="WFLs"
            rows={a.wfls}
            rowKey={(w) => w.wfl_id}
            empty={SEARCH_TEXT.noWfl}
            columns={[
              { header: 'WFL id', cell: (w) => w.wfl_id },
              { header: 'Name', cell: (w) => w.name },
              { header: 'MAC', cell: (w) => shownMac(w) },
              { header: 'Serial', cell: (w) => w.serial },
              { header: 'Firmware', cell: (w) => w.firmware ?? '' },
              { header: 'Heating', cell: (w) => w.heating },
              { header: 'Updated', cell: (w) => formatDay(w.updated) },
              { header: 'Ping time', cell: (w) => formatStamp(w.pingtime) },
              {
                header: 'Status',
                cell: (w) => (
                  <Badge size="xs" color={w.online ? 'green' : 'gray'}>
                    {w.online ? 'online' : 'offline'}
                  </Badge>
                ),
              },
            ]}
          />
          <AccountTables account={a} />
        </>
      )}
    </Stack>
  );
}
