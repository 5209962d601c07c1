import { Button, Group, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { DeleteUserModal } from '../features/staff-users/DeleteUserModal.tsx';
import { staffUsersQueryOptions } from '../features/staff-users/queries.ts';
import { UserFormModal } from '../features/staff-users/UserFormModal.tsx';
import { UserTable } from '../features/staff-users/UserTable.tsx';
import { useAdminDialogs } from '../features/staff-users/use-admin-dialogs.ts';

/** Staff user administration (core spec §2 /admin), for admins only; the server enforces it too. */
export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (!context.me.roles.includes('admin')) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(staffUsersQueryOptions()),
  component: AdminScreen,
});

function AdminScreen() {
  const { data: users } = useSuspenseQuery(staffUsersQueryOptions());
  const openNew = useAdminDialogs((state) => state.openNew);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button onClick={openNew}>New user</Button>
      </Group>
      <UserTable users={users} />
      <UserFormModal />
      <DeleteUserModal />
    </Stack>
  );
}
