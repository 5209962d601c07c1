import { AUTH_TEXT, allows, operationById } from '@console/contracts';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { bound } from '../ui/bound.ts';
import { TextBox } from '../ui/TextBox.tsx';
import { Toggle } from '../ui/Toggle.tsx';
import { customerLogin, introspectToken, loginAs } from './api.ts';

const route = getRouteApi('/_auth/socket-users');

/** Closing the channel (analytics spec §5). */
const CLOSED = 'Channel closed, you will need to re-auth.';

/**
 * /socket-users?clientDeviceId&hostName&authHost (dev; analytics spec §2): the user channel
 * console's login parts — a customer token pasted or obtained by Login-As (roleAdmin or dev, a
 * reason required: audited and noted on the customer), checked on our own server by Authenticate.
 */
export function SocketUsersScreen() {
  const search = route.useSearch();
  const me = useCurrentUser();
  const mayLoginAs = allows(operationById('auth.loginAs').access, me.roles);
  const [token, setToken] = useState('');
  const [asOther, setAsOther] = useState(false);
  const [target, setTarget] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [device, setDevice] = useState(search.clientDeviceId ?? '');
  const [authed, setAuthed] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const login = useMutation({
    mutationFn: () => {
      const clientDevice = device.trim() ? { clientDeviceId: device.trim() } : {};
      return asOther
        ? loginAs({ email: target.trim(), reason, ...clientDevice })
        : customerLogin({ email: email.trim(), password, ...clientDevice });
    },
    onSuccess: (r) => {
      if (!r.token) return setStatus({ ok: false, text: 'error after success' });
      setToken(r.token);
      setAuthed(null);
      setStatus({
        ok: true,
        text: `Logged in as ${r.email} until ${new Date(r.expiresAt).toLocaleTimeString()}.`,
      });
    },
    onError: (err) => setStatus({ ok: false, text: `error: ${errorMessage(err)}` }),
  });
  const submitLogin = () => {
    if (asOther && !target.trim()) return setStatus({ ok: false, text: AUTH_TEXT.loginAsEmail });
    if (!asOther && (!email.trim() || !password))
      return setStatus({ ok: false, text: AUTH_TEXT.credentialsRequired });
    login.mutate();
  };

  const authenticate = useMutation({
    mutationFn: () => introspectToken(token.trim()),
    onSuccess: (t) => {
      const ok = t.signature === 'valid' && t.expired === false && t.stored === 'active';
      setAuthed(ok ? String(t.claims.email ?? t.claims.sub ?? 'customer') : null);
      setStatus(ok ? null : { ok: false, text: 'Websocket Auth failed' });
    },
    onError: (err) => setStatus({ ok: false, text: `Channel failed to authenticate: ${errorMessage(err)}` }),
  });

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>User Sockets</Title>
      <Group gap="sm">
        <Text size="sm">Host: {search.hostName ?? 'this console'}</Text>
        <Text size="sm">Auth host: {search.authHost ?? 'this console'}</Text>
        {authed ? (
          <Badge color="green">Authenticated as {authed}</Badge>
        ) : (
          <Badge color="red">Not connected / authed</Badge>
        )}
      </Group>

      <Stack gap="xs">
        <Title order={4}>Login</Title>
        <Toggle
          label="Login-As"
          checked={asOther}
          disabled={!mayLoginAs}
          description={mayLoginAs ? 'Sign in as a customer by e-mail, with a reason' : 'For roleAdmin or dev'}
          onChange={setAsOther}
        />
        <Group align="flex-end" gap="sm">
          {asOther ? (
            <>
              <TextInput label="Target e-mail" {...bound(target, setTarget)} w={260} />
              <TextInput
                label="Reason"
                description="Kept in the audit trail and as a note on the customer"
                {...bound(reason, setReason)}
                w={320}
              />
            </>
          ) : (
            <>
              <TextInput label="E-mail" {...bound(email, setEmail)} w={260} />
              <TextInput label="Password" type="password" {...bound(password, setPassword)} w={180} />
            </>
          )}
          <TextInput label="Client device id" {...bound(device, setDevice)} w={200} />
          <Button onClick={submitLogin} loading={login.isPending}>
            Login
          </Button>
        </Group>
      </Stack>

      <TextBox label="Token" grow={[2, 6]} state={[token, setToken]} spellCheck={false} />
      <Group gap="sm">
        <Button
          onClick={() =>
            token.trim() ? authenticate.mutate() : setStatus({ ok: false, text: AUTH_TEXT.noToken })
          }
          loading={authenticate.isPending}
          disabled={authed !== null}
        >
          Authenticate
        </Button>
        <Button
          variant="default"
          disabled={authed === null}
          onClick={() => {
            setAuthed(null);
            setStatus({ ok: true, text: CLOSED });
          }}
        >
          Disconnect
        </Button>
      </Group>
      {status ? (
        <Alert color={status.ok ? 'blue' : 'red'} aria-label="Channel status">
          {status.text}
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        Sending messages and templates on the user channel comes with the raw channel on /ws.
      </Text>
    </Stack>
  );
}
