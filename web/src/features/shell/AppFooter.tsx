import { VERSION_LABEL } from '@console/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { useMaybeCurrentUser } from '../auth/use-current-user.ts';
import { AnchorLink } from './RouterLinks.tsx';

const ISSUES_EMAIL: string = import.meta.env.VITE_ISSUES_EMAIL ?? 'console-issues@example.com';

export function AppFooter() {
  const me = useMaybeCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md">
        <Text size="xs" c="dimmed">
          Version {VERSION_LABEL}
        </Text>
        <Anchor
          href={`mailto:${ISSUES_EMAIL}?subject=${encodeURIComponent(`Console ${VERSION_LABEL}`)}`}
          size="xs"
        >
          Issues
        </Anchor>
      </Group>
      {me && (
        <Group gap="md">
          <AnchorLink to="/$" params={{ _splat: 'philipshue' }} size="xs">
            Lighting integration
          </AnchorLink>
          <AnchorLink to="/$" params={{ _splat: 'sonos' }} size="xs">
            Audio integration
          </AnchorLink>
        </Group>
      )}
    </Group>
  );
}
