import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage } from '../api/client.ts';
import { failureOf } from './sentence.ts';

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

/**
 * A failure in the seed's words shown as a sentence (issue 30: never a raw "error: …"): the
 * seed's words before "error:" as the alert's title, the message below (ui/sentence.ts failureOf).
 */
export function FailureAlert({ said, ...props }: { said: string } & Omit<AlertProps, 'children' | 'title'>) {
  const { title, text } = failureOf(said);
  return (
    <Alert color="red" role="alert" title={title ?? undefined} {...props}>
      {text}
    </Alert>
  );
}
