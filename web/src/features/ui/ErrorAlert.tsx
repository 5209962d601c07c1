import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage } from '../api/client.ts';

/**
 * A failed request's message, or a problem the screen found itself (a string), in a red alert;
 * nothing while there is none.
 */
export function ErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children'>) {
  if (!error) return null;
  return (
    <Alert color="red" {...props}>
      {typeof error === 'string' ? error : errorMessage(error)}
    </Alert>
  );
}
