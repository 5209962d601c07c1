import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';

/**
 * A query that has no answer yet: a spinner named `loading` while it is pending, else its error
 * (under the title `failed` when given).
 */
export function QueryState({
  q,
  loading = 'Loading',
  failed,
}: {
  q: { isPending: boolean; error: unknown };
  loading?: string;
  failed?: string;
}) {
  if (q.isPending) return <Loader size="sm" aria-label={loading} />;
  return (
    <Alert color="red" title={failed}>
      {errorMessage(q.error)}
    </Alert>
  );
}

/** A query's loading and error states, else what its answer shows. */
export function QueryAnswer<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return q.isSuccess ? children(q.data) : <QueryState q={q} failed="Could not load" />;
}
