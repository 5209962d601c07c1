import { Group } from '@mantine/core';
import { useMaybeCurrentUser } from '../auth/use-current-user.ts';
import { NavMenu } from './NavMenu.tsx';
import { AnchorLink } from './RouterLinks.tsx';
import { UserNav } from './UserNav.tsx';

export function AppHeader() {
  const me = useMaybeCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <AnchorLink to="/" fw={700} c="teal.8" underline="never" style={{ whiteSpace: 'nowrap' }}>
          Staff console
        </AnchorLink>
        {me && <NavMenu roles={me.roles} />}
      </Group>
      <UserNav me={me} />
    </Group>
  );
}
