import { AUTH_DELETE_CONFIRMATION, allows, operationById, type StructureUser } from '@console/contracts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../shared/api/call.ts';
import { errorMessage } from '../../../shared/api/client.ts';
import { serverChecked, TypedConfirmModal } from '../../../shared/ui/TypedConfirmModal.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { deleteAuthUser } from '../../auth-tools/api.ts';
import { CustomerRoles } from '../../auth-tools/CustomerRoles.tsx';
import { noteKeys } from '../../notes/queries.ts';
import { supportPlusKeys } from '../queries.ts';

interface Ask {
  title: string;
  operationId: string;
  words: string;
  /** Takes something away (a red button). */
  removes: boolean;
  /** The call, with the typed words as its confirmation. */
  send: (confirmation: string) => Promise<{ success: boolean; message: string }>;
}

/**
 * A structure user's account actions on screen (seed 001 §5, §6): the role chips (roleAdmin, the
 * same editor as /userEmail), V5 licence add or remove (the license role, typed 'license') and
 * remove from the structure (roleAdmin, typed 'remove user from structure'), and taking an empty
 * structure off the user (supportAdmin, typed 'ok' in any case), and deleting the user from the auth
 * server (userAdmin, typed 'yes', as on /userEmail). Shown to the roles that may use them; hub-control checks the role and the words
 * again, writes the automatic note and the audit event.
 */
export function UserActions({
  user,
  rootGroupId,
  empty,
}: {
  user: Pick<StructureUser, 'userId' | 'email' | 'hasV5Licence' | 'roles'>;
  /** The structure the user is shown in; none for a no-root link's user (no structure actions). */
  rootGroupId: string | null;
  /** The structure has no links and no devices: supportAdmin may take it off the user. */
  empty: boolean;
}) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const can = (id: string) => allows(operationById(id).access, me.roles);
  const [asking, setAsking] = useState<Ask | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [roles, setRoles] = useState(false);
  const refresh = () => {
    if (rootGroupId) void queryClient.invalidateQueries({ queryKey: supportPlusKeys.structure(rootGroupId) });
    void queryClient.invalidateQueries({ queryKey: ['support-plus', 'no-root-user'] });
    void queryClient.invalidateQueries({ queryKey: noteKeys.all });
  };
  const run = useMutation({
    mutationFn: (a: Ask & { confirmation: string }) => a.send(a.confirmation),
    onSuccess: (r) => setSaid({ ok: r.success, text: r.message }),
    onError: (e) => setSaid({ ok: false, text: errorMessage(e) }),
    onSettled: refresh,
  });
  const licence = (action: 'add' | 'remove'): Ask => ({
    title: `${action === 'add' ? 'Add' : 'Remove'} the V5 licence of ${user.email}`,
    operationId: 'hub-control.license',
    words: 'license',
    removes: false,
    send: (confirmation: string) =>
      call('hub-control.license', {
        body: { userId: user.userId, action, ...(rootGroupId ? { rootGroupId } : {}), confirmation },
      }),
  });
  const buttons = [
    can('hub-control.license') && !user.hasV5Licence && { label: 'Add licence', ask: licence('add') },
    can('hub-control.license') && user.hasV5Licence && { label: 'Remove licence', ask: licence('remove') },
    rootGroupId &&
      can('hub-control.removeUser') && {
        label: 'Remove from structure',
        ask: {
          title: `Remove ${user.email} from this structure`,
          operationId: 'hub-control.removeUser',
          words: 'remove user from structure',
          removes: true,
          send: (confirmation: string) =>
            call('hub-control.removeUser', { body: { userEmail: user.email, rootGroupId, confirmation } }),
        },
      },
    empty &&
      rootGroupId &&
      can('hub-control.removeEmptyStructure') && {
        label: 'Remove empty structure',
        ask: {
          title: `Remove this empty structure from ${user.email}`,
          operationId: 'hub-control.removeEmptyStructure',
          words: 'ok',
          removes: true,
          send: (confirmation: string) =>
            call('hub-control.removeEmptyStructure', {
              body: { userId: user.userId, rootGroupId, confirmation },
            }),
        },
      },
    can('auth.userAuthDelete') && {
      label: 'Delete user',
      ask: {
        title: `Delete ${user.email} from the auth server, with their tokens and codes`,
        operationId: 'auth.userAuthDelete',
        words: AUTH_DELETE_CONFIRMATION,
        removes: true,
        send: (typed: string) => deleteAuthUser(user.userId, typed),
      },
    },
  ].filter((b): b is { label: string; ask: Ask } => Boolean(b));
  // The editor lists the roles first (authData or dev) and changes them (roleAdmin).
  const editRoles = can('auth.customerRoles') && can('auth.customerRoleAdd');
  if (buttons.length === 0 && !editRoles) return null;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        {editRoles && (
          <Button size="compact-xs" variant="light" onClick={() => setRoles(true)}>
            Roles
          </Button>
        )}
        {buttons.map((b) => (
          <Button
            key={b.label}
            size="compact-xs"
            variant="light"
            color={b.ask.removes ? 'red' : undefined}
            onClick={() => setAsking(b.ask)}
          >
            {b.label}
          </Button>
        ))}
      </Group>
      {said && (
        <Alert color={said.ok ? 'teal' : 'red'} p={4} role="status">
          {said.text}
        </Alert>
      )}
      {roles && (
        <Modal opened onClose={() => setRoles(false)} title={`Roles of ${user.email}`}>
          <CustomerRoles userId={user.userId} roles={user.roles} onChanged={refresh} />
        </Modal>
      )}
      {asking && (
        <TypedConfirmModal
          opened
          title={asking.title}
          words={asking.words}
          {...serverChecked(asking.operationId)}
          loading={run.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(confirmation) => {
            run.mutate({ ...asking, confirmation });
            setAsking(null);
          }}
        />
      )}
    </Stack>
  );
}
