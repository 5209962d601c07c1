import type { LoginReply } from '@console/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { validateOneTimeCode } from '../../../shared/forms/validation.ts';
import { verifyCode } from '../api.ts';
import { loginErrorText } from './login-error.ts';

interface CodeFormProps {
  attemptId: string;
  message: string | undefined;
  onReply: (reply: LoginReply) => string | null;
  onBack: () => void;
}

export function CodeForm({ attemptId, message, onReply, onBack }: CodeFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: { code: validateOneTimeCode } });
  const mutation = useMutation({
    mutationFn: (code: string) => verifyCode(attemptId, code),
    onMutate: () => setError(null),
    onSuccess: (reply) => setError(onReply(reply)),
    onError: (cause) => setError(loginErrorText(cause)),
  });

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values.code.trim()))} noValidate>
      <Stack gap="sm">
        <Text size="sm">{message ?? 'We sent a one-time code to your e-mail address.'}</Text>
        <TextInput
          label="One-time code"
          description="The 6 digits from the e-mail"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.getInputProps('code')}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back to Login
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
