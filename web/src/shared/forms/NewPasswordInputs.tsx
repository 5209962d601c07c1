import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/**
 * A new password and its confirmation (both `new-password` for the browser's password manager),
 * bound with the form's `getInputProps`.
 */
export function NewPasswordInputs({
  labels,
  password,
  confirm,
  description,
}: {
  labels: readonly [string, string];
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  description?: ReactNode;
}) {
  return (
    <>
      <PasswordInput label={labels[0]} description={description} autoComplete="new-password" {...password} />
      <PasswordInput label={labels[1]} autoComplete="new-password" {...confirm} />
    </>
  );
}
