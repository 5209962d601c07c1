import { Button, Group, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DeleteUserModal } from './DeleteUserModal.tsx';
import { staffUsersQueryOptions } from './queries.ts';
import { UserFormModal } from './UserFormModal.tsx';
import { UserTable } from './UserTable.tsx';
import { useAdminDialogs } from './use-admin-dialogs.ts';

/** Staff user administration (core spec §2 /admin): the list, new user, edit and delete dialogs. */
export function AdminScreen() {
  const { data: users } = useSuspenseQuery(staffUsersQueryOptions());
  const openNew = useAdminDialogs((state) => state.openNew);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        <Button onClick={openNew}>New user</Button>
      </Group>
      <UserTable users={users} />
      <UserFormModal />
      <DeleteUserModal />
    </Stack>
  );
}
