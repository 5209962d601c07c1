import { AUTH_TEXT, allows, operationById, type UserAuthData } from '@console/contracts';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { bound } from '../../shared/ui/bound.ts';
import { ConfirmDeleteModal } from '../../shared/ui/ConfirmDeleteModal.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { cleanLegacy, deleteAuthUser, lookupUser, userAuthKeys } from './api.ts';
import { CustomerRoles } from './CustomerRoles.tsx';

const route = getRouteApi('/_auth/userEmail');

/** /userEmail, 'User Auth Data' (analytics spec §2, §5, §8): a customer's auth data by e-mail or user id. */
export function UserEmailScreen() {
  const { term } = route.useSearch();
  const navigate = route.useNavigate();
  const [typed, setTyped] = useState(term ?? '');
  const [empty, setEmpty] = useState(false);
  const found = useQuery({
    queryKey: userAuthKeys.lookup(term ?? ''),
    queryFn: ({ signal }) => lookupUser(term ?? '', signal),
    enabled: Boolean(term?.trim()),
    retry: false,
  });
  return (
    <Stack gap="md">
      <Title order={1}>User Auth Data</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setEmpty(!typed.trim());
          void navigate({ search: typed.trim() ? { term: typed.trim() } : {} });
        }}
      >
        <Group align="flex-end">
          <TextInput label="E-mail or user id" {...bound(typed, setTyped)} w={360} />
          <Button type="submit" loading={found.isFetching}>
            Look up
          </Button>
        </Group>
      </form>
      {empty ? <Alert color="red">{AUTH_TEXT.enterEmail}</Alert> : null}
      {found.isError ? (
        <Alert color="red">
          {isApiError(found.error, 404)
            ? AUTH_TEXT.userNotFound
            : `Get user by email error: ${errorMessage(found.error)}`}
        </Alert>
      ) : null}
      {found.isSuccess && !found.data ? <Alert color="red">{AUTH_TEXT.noData}</Alert> : null}
      {found.data ? <UserAuthView data={found.data} term={term ?? ''} /> : null}
    </Stack>
  );
}

function UserAuthView({ data, term }: { data: UserAuthData; term: string }) {
  const me = useCurrentUser();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: userAuthKeys.lookup(term) });
  const clean = useMutation({
    mutationFn: () => cleanLegacy(data.authUser._id),
    onSuccess: (r) => {
      setDone(r.message);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (typed: string) => deleteAuthUser(data.authUser._id, typed),
    onSuccess: (r) => {
      setDone(r.message);
      void refresh();
    },
    onSettled: () => setConfirming(false),
  });
  const mayDelete = allows(operationById('auth.userAuthDelete').access, me.roles);
  const u = data.authUser;
  return (
    <Stack gap="md">
      <Table withTableBorder aria-label="Auth user" maw={720}>
        <Table.Tbody>
          <Row name="User id">{u._id}</Row>
          <Row name="E-mail">{u.email}</Row>
          <Row name="Created">{formatStamp(u.created)}</Row>
          <Row name="Modified">{formatStamp(u.modified)}</Row>
          <Row name="Legacy link">
            {data.legacy ? (
              <AnchorLink to="/support" search={{ searchterm: u.email }}>
                {data.legacy.product}Public.user_id {data.legacy.user_id}
              </AnchorLink>
            ) : (
              'none'
            )}
          </Row>
        </Table.Tbody>
      </Table>
      <CustomerRoles userId={u._id} roles={u.roles} onChanged={refresh} />
      <Stack gap={4}>
        <Text fw={600}>Smart users</Text>
        {[
          ...data.smartUsers.byUserId.map((s) => ({ ...s, by: 'by user id' })),
          ...data.smartUsers.byEmail.map((s) => ({ ...s, by: 'by e-mail' })),
        ].map((s) => (
          <AnchorLink key={`${s.by}-${s.userId}`} to="/supportPlus" search={{ searchterm: s.email }}>
            {s.email} ({s.userId}, {s.by}, {s.rootGroupIds.length} structures)
          </AnchorLink>
        ))}
        {data.smartUsers.byUserId.length + data.smartUsers.byEmail.length === 0 ? (
          <Text size="sm">None found.</Text>
        ) : null}
        <Text fw={600} mt="sm">
          Connect users
        </Text>
        {data.connectUserData.map((c) => (
          <AnchorLink key={c.user.user_id} to="/support" search={{ searchterm: c.user.email }}>
            {c.user.email} (user_id {c.user.user_id}, {c.user.username})
          </AnchorLink>
        ))}
        {data.connectUserData.length === 0 ? <Text size="sm">None found.</Text> : null}
      </Stack>
      <Group>
        <Button
          variant="light"
          onClick={() => clean.mutate()}
          loading={clean.isPending}
          disabled={!data.legacy}
        >
          Clean legacy account
        </Button>
        <Button color="red" onClick={() => setConfirming(true)} disabled={!mayDelete}>
          Delete user
        </Button>
      </Group>
      {done ? <Alert color="green">{done}</Alert> : null}
      {clean.isError ? (
        <Alert color="red">
          {isApiError(clean.error, 404)
            ? AUTH_TEXT.userIdNotFound
            : `Clean legacy user account error${errorMessage(clean.error)}`}
        </Alert>
      ) : null}
      {remove.isError ? (
        <Alert color="red">
          {isApiError(remove.error, 404)
            ? AUTH_TEXT.userIdNotFound
            : `Delete user error: ${errorMessage(remove.error)}`}
        </Alert>
      ) : null}
      <ConfirmDeleteModal
        opened={confirming}
        title="Delete user"
        loading={remove.isPending}
        onConfirm={() => remove.mutate('yes')}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">
          Deletes {u.email} from the auth server, with all their tokens and authorisation codes.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}

function Row({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{name}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
