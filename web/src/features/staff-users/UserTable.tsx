import type { StaffUser } from '@console/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { BadgeList } from '../../shared/ui/BadgeList.tsx';
import { formatMedium } from '../../shared/ui/dates.ts';
import { RowButton } from '../../shared/ui/RowButton.tsx';
import { isOldLogin } from './old-login.ts';
import { revokeStaffUserSessions } from './queries.ts';
import { useAdminDialogs } from './use-admin-dialogs.ts';

export function UserTable({ users }: { users: readonly StaffUser[] }) {
  if (users.length === 0) return <Text c="dimmed">No staff users.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>One-time code</Table.Th>
            <Table.Th>Last login</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserRow({ user }: { user: StaffUser }) {
  const openEdit = useAdminDialogs((state) => state.openEdit);
  const openDelete = useAdminDialogs((state) => state.openDelete);
  const revoke = useMutation({
    mutationFn: () => revokeStaffUserSessions(user.id),
    onSuccess: (reply) =>
      notifications.show({ message: reply.message || `Signed ${user.name} out everywhere.` }),
    onError: (error) => {
      if (isApiError(error) && error.status > 0 && error.status < 500) {
        notifications.show({ color: 'red', message: errorMessage(error) });
      }
    },
  });

  return (
    <Table.Tr>
      <Table.Td>{user.name}</Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <BadgeList items={user.roles} variant="light" size="sm" />
      </Table.Td>
      <Table.Td>{user.active ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>{user.requireOneTimeCode ? 'Required' : 'Off'}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMedium(user.lastLogin, 'Never')}
          </Text>
          {isOldLogin(user) && (
            <Badge color="red" size="sm" style={{ flexShrink: 0 }}>
              old login
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMedium(user.created, 'Never')}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <RowButton aria-label={`Edit ${user.email}`} onClick={() => openEdit(user)}>
            Edit
          </RowButton>
          <RowButton
            color="gray"
            aria-label={`Revoke sessions of ${user.email}`}
            loading={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            Revoke sessions
          </RowButton>
          <RowButton color="red" aria-label={`Delete ${user.email}`} onClick={() => openDelete(user)}>
            Delete
          </RowButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
