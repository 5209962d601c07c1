import { Group, Stack } from '@mantine/core';
import { useMaybeCurrentUser } from '../../features/auth/use-current-user.ts';
import { NavMenu } from './NavMenu.tsx';
import { AnchorLink } from './RouterLinks.tsx';
import { UserNav } from './UserNav.tsx';

/** The header's height: the menu has a row of its own under the title and the user's links. */
export const headerHeight = (signedIn: boolean) => (signedIn ? 88 : 48);

/**
 * The title and the user's links, and under them the area menu in a row of its own: an admin's
 * nine areas fit a 1024 px window that way (beside the title and links they overflowed at 1440 px).
 */
export function AppHeader() {
  const me = useMaybeCurrentUser();
  return (
    <Stack h="100%" px="md" gap={0} justify="center">
      <Group h={44} justify="space-between" wrap="nowrap" gap="md">
        <AnchorLink to="/" fw={700} c="teal" underline="never" style={{ whiteSpace: 'nowrap' }}>
          Staff console
        </AnchorLink>
        <UserNav me={me} />
      </Group>
      {me && (
        <Group h={40} wrap="nowrap" miw={0}>
          <NavMenu roles={me.roles} />
        </Group>
      )}
    </Stack>
  );
}
