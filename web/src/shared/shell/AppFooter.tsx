import { VERSION_LABEL } from '@console/contracts';
import { Anchor, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useMaybeCurrentUser } from '../../features/auth/use-current-user.ts';
import { bound } from '../ui/bound.ts';
import { AnchorLink } from './RouterLinks.tsx';

const ISSUES_EMAIL: string = import.meta.env.VITE_ISSUES_EMAIL ?? 'console-issues@example.com';

/** A user id typed once, looked up on either support screen (analytics spec §2 "Footer"). */
function UserLookup() {
  const [id, setId] = useState('');
  const term = encodeURIComponent(id.trim());
  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        size="xs"
        w={110}
        aria-label="User id to look up"
        placeholder="User id"
        {...bound(id, setId)}
      />
      {/* Plain links, as the other screens link to a search: the term stays a string in the URL. */}
      <Anchor href={`/supportPlus?searchterm=${term}`} size="xs">
        Support Plus
      </Anchor>
      <Anchor href={`/support?searchterm=${term}`} size="xs">
        Support
      </Anchor>
    </Group>
  );
}

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
        <Group gap="md" wrap="nowrap">
          <UserLookup />
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
