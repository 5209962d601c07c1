import { allows, type Me } from '@console/contracts';
import { Group, Text } from '@mantine/core';
import { DatabaseIndicator } from './DatabaseBanner.tsx';
import { AnchorLink } from './RouterLinks.tsx';

/** Right side of the navbar: who is signed in and their own links (analytics spec §2 Shared shell). */
export function UserNav({ me }: { me: Me | null }) {
  if (!me) {
    return (
      <AnchorLink to="/login" size="sm">
        Login
      </AnchorLink>
    );
  }
  return (
    <Group gap="md" wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm" fw={500}>
        Hello {me.name}
      </Text>
      <DatabaseIndicator />
      <AnchorLink to="/profile" size="sm">
        Profile
      </AnchorLink>
      {/* The change-password page is for admin or support (analytics spec §6). */}
      {allows(['support'], me.roles) && (
        <AnchorLink to="/settings" size="sm">
          Settings
        </AnchorLink>
      )}
      {me.roles.includes('admin') && (
        <AnchorLink to="/admin" size="sm">
          Admin
        </AnchorLink>
      )}
      {/* Never preloaded: preloading /logout would sign the user out on hover. */}
      <AnchorLink to="/logout" preload={false} size="sm">
        Logout
      </AnchorLink>
    </Group>
  );
}
