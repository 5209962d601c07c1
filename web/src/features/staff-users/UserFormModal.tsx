import { PASSWORD_RULE, ROLES, type StaffUser } from '@console/contracts';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { NewPasswordInputs } from '../../shared/forms/NewPasswordInputs.tsx';
import { messages } from '../../shared/forms/validation.ts';
import { saveStaffUser, staffUsersQueryKey } from './queries.ts';
import { useAdminDialogs } from './use-admin-dialogs.ts';
import {
  initialUserFormValues,
  toStaffUserInput,
  type UserFormValues,
  validateUserForm,
} from './user-form.ts';

export function UserFormModal() {
  const editing = useAdminDialogs((state) => state.editing);
  const close = useAdminDialogs((state) => state.close);
  const user = editing === 'new' ? null : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={user ? `Edit ${user.name}` : 'New user'}
      size="lg"
    >
      {/* Keyed by user so the form starts afresh for each one. */}
      {editing !== null && <UserForm key={user?.id ?? 'new'} user={user} onDone={close} />}
    </Modal>
  );
}

function UserForm({ user, onDone }: { user: StaffUser | null; onDone: () => void }) {
  const isEdit = user !== null;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const form = useForm<UserFormValues>({
    initialValues: initialUserFormValues(user),
    validate: (values) => validateUserForm(values, isEdit),
  });
  const save = useMutation({
    mutationFn: (values: UserFormValues) => saveStaffUser(user?.id ?? null, toStaffUserInput(values, isEdit)),
    onMutate: () => setProblem(null),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: staffUsersQueryKey });
      notifications.show({ color: 'teal', message: `Saved ${saved.name}.` });
      onDone();
    },
    onError: (error) => {
      setFailures((n) => n + 1);
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        form.setErrors(error.fields);
        setProblem(error.message || messages.adminNoMessage);
      } else {
        setProblem(errorMessage(error));
      }
    },
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    () => setProblem(messages.adminInvalidForm),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <Group grow align="flex-start">
          <NewPasswordInputs
            labels={['Password', 'Confirm password']}
            description={
              isEdit ? `Leave both blank to keep the current password. ${PASSWORD_RULE}` : PASSWORD_RULE
            }
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
          />
        </Group>
        <TextInput
          label="Roles"
          description={`Comma-separated, from: ${ROLES.join(', ')}`}
          placeholder="support,dev"
          {...form.getInputProps('roles')}
        />
        <Group>
          <Checkbox label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Checkbox
            label="Require one-time code"
            {...form.getInputProps('requireOneTimeCode', { type: 'checkbox' })}
          />
        </Group>
        {problem && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={failures > 0 ? `Failed (${failures})` : undefined}
          >
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isEdit ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
