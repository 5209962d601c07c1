import { PASSWORD_RULE } from '@console/contracts';
import { Fieldset, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { FormSubmit } from '../../shared/forms/FormSubmit.tsx';
import { NewPasswordInputs } from '../../shared/forms/NewPasswordInputs.tsx';
import { validateConfirmation, validateNewPassword } from '../../shared/forms/validation.ts';
import { changePassword } from './api.ts';
import { useCurrentUser } from './use-current-user.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordForm() {
  const me = useCurrentUser();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      oldPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmation(value, values.newPassword),
    },
  });
  const mutation = useMutation({
    mutationFn: (values: PasswordValues) => changePassword(me, values.oldPassword, values.newPassword),
    onMutate: () => setDone(null),
    onSuccess: (reply) => {
      form.reset();
      setDone(reply.message || 'Password successfully changed');
    },
    onError: (error) => {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) return;
      // A wrong old password answers 400 'Incorrect password' (core spec §5).
      if (error.status === 400 && !error.fields.newPassword) {
        form.setFieldError('oldPassword', error.message || 'Incorrect password');
      } else {
        form.setErrors({ ...error.fields, newPassword: error.fields.newPassword ?? errorMessage(error) });
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Fieldset legend="Change password">
        <Stack gap="sm">
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            {...form.getInputProps('oldPassword')}
          />
          <NewPasswordInputs
            labels={['New password', 'Confirm new password']}
            description={PASSWORD_RULE}
            password={form.getInputProps('newPassword')}
            confirm={form.getInputProps('confirmPassword')}
          />
          <FormSubmit label="Change password" loading={mutation.isPending} done={done} />
        </Stack>
      </Fieldset>
    </form>
  );
}
