import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { recordsQueryOptions } from '../queries.ts';
import { UserActions } from '../structure/UserActions.tsx';
import { UserLinks } from '../structure/UserLinks.tsx';

interface NoRootUser {
  userId: string;
  email: string;
  createdDate?: string;
  licenses?: { v5?: { license?: boolean } };
  roles?: string[];
  shopify?: { isPlusSubscriber?: boolean };
}

/**
 * The no-root-link view (seed 001 §2): a link registered to no structure shows the user it belongs
 * to — e-mail and id, the favourite star and record links, V5 licence add/remove (license role) —
 * above the link's socket log panel, which is its table of commands.
 */
export function NoRootLink({ hubId }: { hubId: number }) {
  const q = useQuery(recordsQueryOptions({ database: 'users', filter: { hubId }, limit: 5 }));
  const users = (q.data?.documents ?? []) as unknown as NoRootUser[];
  return (
    <Paper withBorder p="sm" component="section" aria-label="No-root link">
      <Stack gap="xs">
        <Title order={4}>No-root link: registered to no structure</Title>
        <ErrorAlert error={q.error} title="The link's user did not load" />
        {q.data && users.length === 0 && <Alert color="orange">No user has this link.</Alert>}
        {users.map((u) => {
          const user = {
            userId: u.userId,
            email: u.email,
            hasV5Licence: u.licenses?.v5?.license === true,
            roles: u.roles ?? [],
            plusMember: u.shopify?.isPlusSubscriber === true,
          };
          return (
            <Group key={u.userId} gap="sm" aria-label={`User ${u.email}`} role="group">
              <Text size="sm" fw={600}>
                {u.email}
              </Text>
              <Text size="sm" c="dimmed">
                {u.userId}
              </Text>
              <Text size="sm">V5 licence: {user.hasV5Licence ? 'held' : 'none'}</Text>
              <UserLinks user={user} />
              <UserActions user={user} rootGroupId={null} empty={false} />
            </Group>
          );
        })}
        <Text size="xs" c="dimmed">
          The link's commands are in the socket log below.
        </Text>
      </Stack>
    </Paper>
  );
}
