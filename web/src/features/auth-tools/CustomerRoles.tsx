import { AUTH_TEXT, allows, operationById } from '@console/contracts';
import { Alert, Badge, Button, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { changeCustomerRole, customerRoles } from './api.ts';

/**
 * A customer's role chips (analytics spec §5, §6): a roleAdmin adds a role from the available ones
 * or deletes one, each with an optional note for the automatic support note; others see tags.
 */
export function CustomerRoles({
  userId,
  roles,
  onChanged,
}: {
  userId: string;
  roles: string[];
  onChanged: () => void;
}) {
  const me = useCurrentUser();
  const admin = allows(operationById('auth.customerRoleAdd').access, me.roles);
  const listed = useQuery({
    queryKey: ['auth-tools', 'roles', userId],
    queryFn: () => customerRoles(userId),
  });
  const [role, setRole] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = listed.data?.roles ?? roles;
  const available = listed.data?.available ?? [];
  const change = useMutation({
    mutationFn: (c: { verb: 'add' | 'delete'; role: string }) =>
      changeCustomerRole(c.verb, userId, c.role, note),
    onSuccess: () => {
      setRole(null);
      setNote('');
      setError(null);
      void listed.refetch();
      onChanged();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const add = () => {
    // Spec §5: a chip must match an available role.
    if (!role || !available.includes(role)) return setError(AUTH_TEXT.roleUnknown);
    change.mutate({ verb: 'add', role });
  };
  return (
    <Stack gap="xs" aria-label="Roles">
      <Text fw={600}>Roles</Text>
      <Group gap="xs">
        {current.map((r) => (
          <Badge
            key={r}
            variant={admin ? 'filled' : 'outline'}
            rightSection={
              admin ? (
                <CloseButton
                  size="xs"
                  aria-label={`Delete role ${r}`}
                  onClick={() => change.mutate({ verb: 'delete', role: r })}
                />
              ) : undefined
            }
          >
            {r}
          </Badge>
        ))}
        {current.length === 0 ? <Text size="sm">No roles.</Text> : null}
      </Group>
      {admin ? (
        <Group align="flex-end" gap="sm">
          <Select
            label="Role to add"
            data={available.filter((r) => !current.includes(r))}
            value={role}
            onChange={setRole}
            searchable
            w={180}
          />
          <TextInput label="Support note" {...bound(note, setNote)} w={320} />
          <Button onClick={add} loading={change.isPending}>
            Add role
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Only a roleAdmin may add or delete roles.
        </Text>
      )}
      {error ? <Alert color="red">{error}</Alert> : null}
    </Stack>
  );
}
