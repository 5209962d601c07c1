import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { resetPassword } from './queries.ts';

/** Seed 000 §4: Reset Password → Sending Request → Sent Successfully / Sent Failed. */
export function ResetPasswordButton({ email }: { email: string }) {
  const reset = useMutation({ mutationFn: () => resetPassword(email) });
  const label = reset.isPending
    ? 'Sending Request'
    : reset.isSuccess
      ? 'Sent Successfully'
      : reset.isError
        ? 'Sent Failed'
        : 'Reset Password';
  return (
    <div>
      <Button
        size="xs"
        color={reset.isError ? 'red' : reset.isSuccess ? 'green' : undefined}
        disabled={reset.isPending}
        onClick={() => reset.mutate()}
      >
        {label}
      </Button>
      {reset.isError && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(reset.error)}
        </Text>
      )}
    </div>
  );
}
