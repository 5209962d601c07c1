import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { metaDataQueryOptions } from './queries.ts';

/** The metadata errors list of the status panel (seed 000 §8), from getMetaData. */
export function MetaDataErrors({ userId }: { userId: number }) {
  const q = useQuery(metaDataQueryOptions(userId));
  return (
    <section aria-label="Metadata errors">
      <Text size="sm" fw={600}>
        Metadata errors
      </Text>
      {q.isPending && <Text size="sm">…</Text>}
      {q.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(q.error)}
        </Text>
      )}
      {q.data && q.data.errors.length === 0 && <Text size="sm">none</Text>}
      {q.data && q.data.errors.length > 0 && (
        <List size="sm" c="red">
          {q.data.errors.map((e) => (
            <List.Item key={`${e.kind}-${e.id}`}>{e.message}</List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
