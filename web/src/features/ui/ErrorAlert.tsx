import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage } from '../api/client.ts';

/** A failed request's message in a red alert; nothing while there is no error. */
export function ErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children'>) {
  if (!error) return null;
  return (
    <Alert color="red" {...props}>
      {errorMessage(error)}
    </Alert>
  );
}
