import { Anchor, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { NotesPanel } from '../../notes/NotesPanel.tsx';
import { noteKeys } from '../../notes/queries.ts';
import { ViewHistory } from '../../notes/ViewHistory.tsx';
import { accountQueryOptions, gen1Keys } from '../queries.ts';
import { SearchError } from '../search/SearchError.tsx';
import { DetailHeader } from './DetailHeader.tsx';
import { SharedMacWarning } from './SharedMacWarning.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import { UserBlock } from './UserBlock.tsx';
import { WflList } from './WflList.tsx';

/** The support user detail (core spec §2 "Support user detail"), opened from a result row. */
export function SupportDetail({ userId, onClose }: { userId: number; onClose: () => void }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const account = useQuery(accountQueryOptions(userId));
  const customerId = String(userId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: gen1Keys.account(userId) });
    void queryClient.invalidateQueries({ queryKey: noteKeys.notes(customerId) });
  };
  const email = account.data?.user.email;

  return (
    <Stack gap="md" component="section" aria-label="User detail">
      <DetailHeader userId={userId} refreshing={account.isFetching} onRefresh={refresh} onClose={onClose}>
        {email && (
          <Anchor
            href={`/supportPlus?searchterm=${encodeURIComponent(email)}`}
            target="_blank"
            rel="noopener"
            size="sm"
          >
            Open in Support Plus
          </Anchor>
        )}
      </DetailHeader>
      {account.isPending && <Loader size="sm" aria-label="Loading the account" />}
      {account.isError && <SearchError error={account.error} />}
      {account.data && (
        <>
          <UserBlock
            key={`${account.data.user.user_id}-${account.data.user.updated}`}
            user={account.data.user}
            onDeleted={onClose}
          />
          <SharedMacWarning groups={account.data.sharedMacs} currentUserId={userId} />
          <WflList account={account.data} />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <StatusPanel account={account.data} />
            <NotesPanel layout="pager" customerId={customerId} />
            <ViewHistory layout="table" customerId={customerId} staffName={me.name} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
