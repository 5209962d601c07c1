import { allows, operationById, type StructureUser } from '@console/contracts';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { useSearchLists } from '../search/use-search-lists.ts';
import { DetailsButton } from './DetailsButton.tsx';

/**
 * A structure user's detail links (seed 001 §2 "User detail"): the favourite star (the staff
 * member's Support Plus favourites), their auth data (/userEmail, for authData or dev), their user
 * record and their
 * Shopify data (each as JSON, read when opened).
 */
export function UserLinks({ user }: { user: Pick<StructureUser, 'userId' | 'email' | 'plusMember'> }) {
  const me = useCurrentUser();
  const lists = useSearchLists();
  const { load } = lists;
  useEffect(() => load(me.email), [load, me.email]);
  const favourite = lists.favourites.includes(user.email);
  const users = { database: 'users' as const, filter: { userId: user.userId } };
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={favourite ? 'Remove from favourites' : 'Add to favourites'}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="yellow"
          aria-label={`${favourite ? 'Unfavourite' : 'Favourite'} ${user.email}`}
          aria-pressed={favourite}
          onClick={() => {
            const refused = lists.toggleFavourite(user.email);
            if (refused) notifications.show({ color: 'orange', message: refused });
          }}
        >
          {favourite ? '★' : '☆'}
        </ActionIcon>
      </Tooltip>
      {allows(operationById('auth.userAuthLookup').access, me.roles) && (
        <AnchorLink to="/userEmail" search={{ term: user.email }} size="xs">
          Auth data
        </AnchorLink>
      )}
      <DetailsButton
        title={`User ${user.email}`}
        label="User data"
        name={`User data of ${user.email}`}
        value={user}
        record={users}
      />
      <DetailsButton
        title={`Shopify ${user.email}`}
        label="Shopify data"
        name={`Shopify data of ${user.email}`}
        value={{ plusMember: user.plusMember }}
        record={{ ...users, project: { shopify: 1 } }}
      />
    </Group>
  );
}
