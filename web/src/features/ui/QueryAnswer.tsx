import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';

/** A query's loading and error states, else what its answer shows. */
export function QueryAnswer<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (q.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (q.isError)
    return (
      <Alert color="red" title="Could not load">
        {errorMessage(q.error)}
      </Alert>
    );
  return children(q.data);
}
