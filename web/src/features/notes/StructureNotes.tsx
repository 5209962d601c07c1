import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatStamp } from '../../shared/ui/dates.ts';
import { notesQueryOptions } from './queries.ts';

/**
 * The automatic notes hub actions leave on a structure (hub-control writes them under the
 * structure's id): the link actions staff ran on it, newest first, beside the customer's notes.
 */
export function StructureNotes({ rootGroupId }: { rootGroupId: string }) {
  // The audit writer stores an action's note a moment after its reply: look again every 5 s.
  const notes = useQuery({ ...notesQueryOptions(rootGroupId), refetchInterval: 5000 });
  const list = notes.data ?? [];
  return (
    <Paper withBorder p="sm" component="section" aria-label="Link actions">
      <Title order={4} mb="xs">
        Link actions
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {notes.isPending ? 'Loading…' : 'No link action on this structure yet.'}
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Link action notes">
          {list.slice(0, 20).map((n) => (
            <Text key={n.id} size="xs" role="listitem">
              {formatStamp(n.updatedDate)} · {n.notes}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
