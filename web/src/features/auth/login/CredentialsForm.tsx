import type { LoginReply } from '@console/contracts';
import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormSubmit } from '../../../shared/forms/FormSubmit.tsx';
import { type Credentials, login } from '../api.ts';
import { loginErrorText } from './login-error.ts';

export function CredentialsForm({ onReply }: { onReply: (reply: LoginReply) => string | null }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Credentials>({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'E-mail is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });
  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => setError(null),
    onSuccess: (reply) => setError(onReply(reply)),
    onError: (cause) => setError(loginErrorText(cause)),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        mutation.mutate({ email: values.email.trim(), password: values.password }),
      )}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="E-mail" type="email" autoComplete="username" {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <FormSubmit label="Sign in" loading={mutation.isPending} error={error} />
      </Stack>
    </form>
  );
}
