import type { MacAccount, MacAccounts } from '@console/contracts';
import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { ConfirmDeleteModal } from '../../../shared/ui/ConfirmDeleteModal.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { accountEdits } from '../api.ts';
import { gen1Keys } from '../queries.ts';
import { bulkDeleteBlock, deletableSelection } from './shared-macs.ts';

interface SharedMacWarningProps {
  groups: readonly MacAccounts[];
  currentUserId: number;
}

/**
 * Several accounts on one MAC (core spec §2): each listed with a checkbox; Delete Selected deletes
 * the ticked ones, skipping accounts with devices and the one open here (§5).
 */
export function SharedMacWarning({ groups, currentUserId }: SharedMacWarningProps) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const all = groups.flatMap((g) => g.accounts);
  const picked = deletableSelection(all, selected, currentUserId);

  const remove = useMutation({
    mutationFn: async (accounts: MacAccount[]) => {
      const done: number[] = [];
      const failed: string[] = [];
      for (const a of accounts) {
        try {
          await accountEdits.deleteUser(a.user_id, { old: { username: a.username } });
          done.push(a.user_id);
        } catch (error) {
          failed.push(`User ${a.user_id}: ${errorMessage(error)}`);
        }
      }
      return { done, failed };
    },
    onSuccess: ({ done, failed }) => {
      setConfirming(false);
      setSelected(new Set());
      if (done.length) notifications.show({ color: 'green', message: `Deleted user(s) ${done.join(', ')}.` });
      if (failed.length)
        notifications.show({ color: 'red', title: 'Not deleted', message: failed.join('; ') });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.account(currentUserId) });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
    },
  });

  if (groups.length === 0) return null;
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Alert color="orange" title="Several accounts share a MAC" aria-label="Accounts sharing a MAC">
      <Stack gap="sm">
        {groups.map((g) => (
          <div key={g.mac}>
            <Text size="sm" fw={600}>
              MAC {g.macDisplay}
            </Text>
            <Table fz="sm" aria-label={`Accounts with MAC ${g.macDisplay}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Select</Table.Th>
                  <Table.Th>User id</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th>Devices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.accounts.map((a) => {
                  const block = bulkDeleteBlock(a, currentUserId);
                  return (
                    <Table.Tr key={`${g.mac}-${a.user_id}`}>
                      <Table.Td>
                        <Toggle
                          aria-label={`Select user ${a.user_id}`}
                          checked={selected.has(a.user_id)}
                          disabled={block !== null}
                          title={block ?? undefined}
                          onChange={(on) => toggle(a.user_id, on)}
                        />
                      </Table.Td>
                      <Table.Td>{a.user_id}</Table.Td>
                      <Table.Td>{a.email}</Table.Td>
                      <Table.Td>{a.active}</Table.Td>
                      <Table.Td>
                        {a.deviceCount}
                        {block && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({block})
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        ))}
        <Group>
          <Button color="red" size="xs" disabled={picked.length === 0} onClick={() => setConfirming(true)}>
            Delete Selected
          </Button>
          <Text size="xs" c="dimmed">
            Accounts with devices and the account open here are never deleted from this list.
          </Text>
        </Group>
      </Stack>
      <ConfirmDeleteModal
        opened={confirming}
        title={`Delete ${picked.length} account(s)?`}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(picked)}
        onClose={() => setConfirming(false)}
      >
        <List size="sm">
          {picked.map((a) => (
            <List.Item key={a.user_id}>
              {a.user_id} · {a.email}
            </List.Item>
          ))}
        </List>
      </ConfirmDeleteModal>
    </Alert>
  );
}
