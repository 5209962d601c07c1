import { AUTH_TEXT } from '@console/contracts';
import { Alert, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { sentence } from '../../shared/ui/sentence.ts';
import { customerLogin } from '../auth-tools/api.ts';
import type { RawChannel } from './use-raw-channel.ts';

/**
 * The admin channel's login (analytics spec §2, §8): a pasted admin token, or the auth server's
 * user name and password for one; the gateway takes the token only when it is valid and an
 * admin's. Failures show in the error area below.
 */
export function AdminLogin({ channel }: { channel: RawChannel }) {
  const [token, setToken] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const authenticate = (t: string) => {
    setError(null);
    channel.frame({ type: 'user-auth', token: t, admin: true });
  };
  const login = useMutation({
    mutationFn: () => customerLogin({ email: email.trim(), password }),
    onSuccess: (r) => (r.token ? authenticate(r.token) : setError('The login answered without a token.')),
    onError: (err) => setError(sentence(errorMessage(err))),
  });
  const submit = () => {
    if (token.trim()) return authenticate(token.trim());
    if (!email.trim() || !password) return setError(AUTH_TEXT.credentialsRequired);
    login.mutate();
  };
  const shown = error ?? channel.authError;
  return (
    <>
      <Group gap="xs" align="end">
        <TextInput label="Admin token" w={260} {...bound(token, setToken)} spellCheck={false} />
        <TextInput label="User name" w={220} {...bound(email, setEmail)} />
        <PasswordInput label="Password" w={180} {...bound(password, setPassword)} />
        <Button variant="default" onClick={submit} loading={login.isPending}>
          Login
        </Button>
      </Group>
      {shown && (
        <Alert color="red" aria-label="Login error">
          {shown}
        </Alert>
      )}
    </>
  );
}
