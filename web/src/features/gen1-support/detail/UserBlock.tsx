import type { Gen1Account, Gen1User } from '@console/contracts';
import { Alert, Button, Group, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { bound } from '../../../shared/ui/bound.ts';
import { formatDay } from '../../../shared/ui/dates.ts';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { noteKeys } from '../../notes/queries.ts';
import { accountEdits } from '../api.ts';
import { gen1Keys } from '../queries.ts';
import { EditActions } from './EditActions.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * The user block of the support detail (core spec §2): read-only until Edit (username, e-mail,
 * Active), then Update or cancel; Delete asks for a typed yes. The account edits call leaves a note server-side.
 */
export function UserBlock({ user, onDeleted }: { user: Gen1User; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [username, setUsername] = useState(user.username);
  const [active, setActive] = useState(user.active === 1);
  const [email, setEmail] = useState(user.email);

  const applied = (next: Gen1User | undefined, message: string) => {
    if (next) {
      queryClient.setQueryData<Gen1Account>(gen1Keys.account(user.user_id), (a) =>
        a ? { ...a, user: next } : a,
      );
    }
    void queryClient.invalidateQueries({ queryKey: noteKeys.notes(String(user.user_id)) });
    void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
    notifications.show({ color: 'green', message });
  };

  const update = useMutation({
    mutationFn: () =>
      accountEdits.userName(user.user_id, {
        new: { username: username.trim(), active: active ? 1 : 0, email: email.trim() },
        old: { username: user.username, email: user.email, updated: user.updated },
      }),
    onSuccess: (r) => {
      setEditing(false);
      applied(r.user, r.message);
    },
  });
  const role = useMutation({
    mutationFn: (next: 'commercial' | 'api_user') =>
      accountEdits.userRole(user.user_id, {
        new: { role: next },
        old: { role: user.role, updated: user.updated },
      }),
    onSuccess: (r) => applied(r.user, r.message),
  });
  const remove = useMutation({
    mutationFn: () =>
      accountEdits.deleteUser(user.user_id, {
        old: { username: user.username, updated: user.updated },
      }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
      onDeleted();
    },
  });

  const startEdit = () => {
    update.reset();
    setUsername(user.username);
    setActive(user.active === 1);
    setEmail(user.email);
    setEditing(true);
  };
  const otherRole = user.role === 'commercial' ? 'api_user' : user.role === 'api_user' ? 'commercial' : null;
  const failure = update.error ?? role.error ?? remove.error;

  return (
    <Paper withBorder p="md" component="section" aria-label="User account">
      <Group justify="space-between" mb="sm">
        <Title order={3}>User</Title>
        <Group gap="xs">
          <EditActions
            editing={editing}
            saving={update.isPending}
            size="xs"
            onEdit={startEdit}
            onSave={() => update.mutate()}
            onCancel={() => setEditing(false)}
            deleteTitle={`Delete user ${user.user_id}?`}
            deleteText={
              <>
                {user.email} ({user.username}) is deleted with all its WFLs, rooms, devices, timers and
                heating plans.
              </>
            }
            deleting={remove.isPending}
            onDelete={() => remove.mutateAsync()}
          />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label="User id">{user.user_id}</Field>
        <Field label="Name">{user.name}</Field>
        {editing ? (
          <TextInput label="Username" size="xs" {...bound(username, setUsername)} />
        ) : (
          <Field label="Username">{user.username}</Field>
        )}
        {editing ? (
          <TextInput label="E-mail" type="email" size="xs" {...bound(email, setEmail)} />
        ) : (
          <Field label="E-mail">{user.email}</Field>
        )}
        <Toggle
          label={`Active (${(editing ? active : user.active === 1) ? 1 : 0})`}
          checked={editing ? active : user.active === 1}
          disabled={!editing}
          onChange={setActive}
        />
        <Field label="Updated">{formatDay(user.updated)}</Field>
        <Field label="Created">{formatDay(user.created)}</Field>
        <div>
          <Text size="xs" c="dimmed">
            Role
          </Text>
          <Group gap="xs">
            <Text size="sm">{user.role ?? 'none'}</Text>
            {otherRole && (
              <Button
                size="compact-xs"
                variant="light"
                loading={role.isPending}
                onClick={() => role.mutate(otherRole)}
              >
                Make {otherRole}
              </Button>
            )}
          </Group>
        </div>
      </SimpleGrid>
      {failure && (
        <Alert color="red" mt="sm" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
    </Paper>
  );
}
