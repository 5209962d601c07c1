import {
  AUTH_TEXT,
  allows,
  ENGINEERING,
  operationById,
  RAW_SERVER_TARGET,
  RAW_TEXT,
} from '@console/contracts';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { formatLocal } from '../../shared/ui/dates.ts';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { ServerSelect, useServerChoice } from '../engineering/ServerSelect.tsx';
import { request } from '../engineering/templates.ts';
import { UserChannelPanel } from '../engineering/UserChannelPanel.tsx';
import { useRawChannel } from '../engineering/use-raw-channel.ts';
import type { UserHierarchy } from '../engineering/user-templates.ts';
import { customerLogin, introspectToken, loginAs } from './api.ts';

const route = getRouteApi('/_auth/socket-users');

/**
 * /socket-users?clientDeviceId&hostName&authHost (dev; analytics spec §2): the user channel
 * console — a customer token pasted, signed in with the customer's password, or obtained by
 * Login-As (roleAdmin or dev, a reason required: audited and noted on the customer); Authenticate
 * has the gateway check it and makes this page's raw channel speak as that customer, with the send
 * half (`UserChannelPanel`) below.
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
        text: `Logged in as ${r.email} until ${formatLocal(r.expiresAt)}.`,
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

  // Server selection (spec §3 server config): the deployments this console knows; the URL's
  // hostName / authHost pick one of them only. The browser opens the chosen one's socket itself.
  const server = useServerChoice(search);
  const deployment = server.deployment;

  // The user channel: a raw channel on /ws that speaks as the customer once the token is checked.
  const [authing, setAuthing] = useState(false);
  const [hierarchy, setHierarchy] = useState<UserHierarchy | null>(null);
  const [incoming, setIncoming] = useState(true);
  const [outgoing, setOutgoing] = useState(true);
  const channel = useRawChannel({
    trim: ENGINEERING.logTrim,
    logIncoming: incoming,
    logOutgoing: outgoing,
    url: server.url,
    onFrame: (f) => {
      if (f.type === 'user-authed') {
        setAuthing(false);
        setAuthed(f.email || f.userId);
        setStatus(null);
      } else if (f.type === 'user-closed') {
        setAuthed(null);
        setHierarchy(null);
        setStatus({ ok: true, text: f.reason });
      } else if (f.type === 'raw-reply' && f.transactionId === null && f.outcome === 'refused' && authing) {
        setAuthing(false);
        setStatus({
          ok: false,
          text: f.statusCode === 401 ? RAW_TEXT.userAuthFailed : `Channel failed to authenticate: ${f.error}`,
        });
      } else if (
        f.type === 'raw-reply' &&
        f.message?.class === 'user' &&
        f.message.operation === 'hierarchy'
      ) {
        const payload = f.message.items[0]?.payload as UserHierarchy | undefined;
        if (payload?.structures) setHierarchy(payload);
      }
    },
  });
  /** Test Auth: the channel asks the server who it is (answered as the customer, in the log). */
  const testAuth = () => channel.send(RAW_SERVER_TARGET, request(`user.${me.id}`, 'server', 'authenticate'));
  /** Test Auth2: the token itself, checked by this console's server over HTTP. */
  const testAuth2 = useMutation({
    mutationFn: () => introspectToken(token.trim()),
    onSuccess: (t) => {
      const ok = t.signature === 'valid' && t.expired === false && t.stored === 'active';
      setStatus({
        ok,
        text: ok
          ? `Test Auth2: the token is good until ${formatLocal(t.expiresAt)}.`
          : `Test Auth2: ${RAW_TEXT.userAuthFailed} (signature ${t.signature}, stored ${t.stored}).`,
      });
    },
    onError: (err) => setStatus({ ok: false, text: `Test Auth2: ${errorMessage(err)}` }),
  });
  const authenticate = () => {
    if (!token.trim()) return setStatus({ ok: false, text: AUTH_TEXT.noToken });
    if (channel.state !== 'open')
      return setStatus({ ok: false, text: 'Channel failed to authenticate: not connected' });
    setAuthing(true);
    channel.frame({ type: 'user-auth', token: token.trim() });
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>User Sockets</Title>
      <Group gap="sm" align="end">
        <ServerSelect
          choice={server}
          label="Server"
          onPick={() => {
            setAuthed(null);
            setAuthing(false);
            setHierarchy(null);
            setStatus(null);
          }}
        />
        <Text size="sm" aria-label="Host">
          Host: {deployment && !deployment.current ? deployment.webSocketHost : 'this console'}
        </Text>
        <Text size="sm" aria-label="Auth host">
          Auth host: {deployment?.authHost || 'this console'}
        </Text>
        {authed ? (
          <Badge color="green">Authenticated as {authed}</Badge>
        ) : (
          <Badge color="red">Not connected / authed</Badge>
        )}
      </Group>

      <Stack gap="xs">
        <Title order={2}>Login</Title>
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
        <Button onClick={authenticate} loading={authing} disabled={authed !== null}>
          Authenticate
        </Button>
        <Button
          variant="default"
          disabled={authed === null}
          onClick={() => channel.frame({ type: 'user-close' })}
        >
          Disconnect
        </Button>
        <Button variant="default" disabled={authed === null} onClick={testAuth}>
          Test Auth
        </Button>
        <Button variant="default" onClick={() => testAuth2.mutate()} loading={testAuth2.isPending}>
          Test Auth2
        </Button>
      </Group>
      {status ? (
        <Alert color={status.ok ? 'blue' : 'red'} aria-label="Channel status">
          {status.text}
        </Alert>
      ) : null}
      {authed && (
        <UserChannelPanel
          channel={channel}
          senderId={`user.${me.id}`}
          hierarchy={hierarchy}
          logging={{ incoming: [incoming, setIncoming], outgoing: [outgoing, setOutgoing] }}
        />
      )}
    </Stack>
  );
}
