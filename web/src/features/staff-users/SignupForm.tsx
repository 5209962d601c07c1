import { PASSWORD_RULE } from '@console/contracts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import {
  validateConfirmation,
  validateEmail,
  validateName,
  validateNewPassword,
} from '../../shared/forms/validation.ts';
import { signup } from './queries.ts';

interface SignupValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function SignupForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<SignupValues>({
    initialValues: { name: '', email: '', password: '', confirmPassword: '' },
    validate: {
      name: validateName,
      email: validateEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmation(value, values.password),
    },
  });
  const mutation = useMutation({
    mutationFn: signup,
    onMutate: () => setOutcome(null),
    onSuccess: (user) => {
      form.reset();
      setOutcome({ ok: true, text: `User ${user.name} (${user.email}) created.` });
    },
    onError: (error) => {
      // The server's per-field messages go against their fields (core spec §5).
      if (isApiError(error)) form.setErrors(error.fields);
      setOutcome({ ok: false, text: errorMessage(error) });
    },
  });

  const submit = form.onSubmit(({ name, email, password }) =>
    mutation.mutate({ name: name.trim(), email: email.trim(), password }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description={PASSWORD_RULE}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        {outcome && (
          <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
        <Button type="submit" loading={mutation.isPending}>
          Create user
        </Button>
      </Stack>
    </form>
  );
}
