import { Alert, Text } from '@mantine/core';
import { isApiError } from '../../../shared/api/client.ts';

/**
 * A failed search (core spec §8): the server's message, else the status text, else 'Unknown
 * error', with a detail line giving the status.
 */
export function SearchError({ error }: { error: unknown }) {
  const status = isApiError(error) ? error.status : null;
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return (
    <Alert color="red" title="Query error" role="alert">
      <Text size="sm">{message}</Text>
      <Text size="xs" c="dimmed">
        {status === null
          ? 'No status'
          : status === 0
            ? 'Status 0: no answer from the server'
            : `Status ${status}`}
      </Text>
    </Alert>
  );
}
