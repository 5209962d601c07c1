import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { ConfirmDeleteModal } from '../../shared/ui/ConfirmDeleteModal.tsx';
import { deleteStaffUser, staffUsersQueryKey } from './queries.ts';
import { useAdminDialogs } from './use-admin-dialogs.ts';

export function DeleteUserModal() {
  const user = useAdminDialogs((state) => state.deleting);
  const close = useAdminDialogs((state) => state.close);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteStaffUser,
    onSuccess: async (_reply, id) => {
      await queryClient.invalidateQueries({ queryKey: staffUsersQueryKey });
      notifications.show({ color: 'teal', message: `Deleted ${user?.id === id ? user.email : 'the user'}.` });
      close();
    },
    onError: (error) => {
      if (isApiError(error) && error.status > 0 && error.status < 500) {
        notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error) });
      }
    },
  });

  return (
    <ConfirmDeleteModal
      opened={user !== null}
      title="Delete user"
      loading={remove.isPending}
      onConfirm={() => user && remove.mutate(user.id)}
      onClose={close}
    >
      <Text size="sm">
        Delete {user?.name} ({user?.email})? Their sessions end at once. This cannot be undone.
      </Text>
    </ConfirmDeleteModal>
  );
}
