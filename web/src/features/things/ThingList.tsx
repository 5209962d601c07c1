import type { Thing } from '@console/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { deleteThing, thingsQueryKey } from './queries.ts';

export function ThingList({ things, canDelete }: { things: readonly Thing[]; canDelete: boolean }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteThing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thingsQueryKey }),
    onError: (error) => {
      if (isApiError(error) && error.status < 500 && error.status !== 0) {
        notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error) });
      }
    },
  });

  if (things.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        There are no things yet.
      </Text>
    );
  }

  return (
    <Stack gap="xs" component="ul" aria-label="Things" p={0} m={0} style={{ listStyle: 'none' }}>
      {things.map((thing) => (
        <Paper key={thing.id} component="li" withBorder px="md" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text>{thing.name}</Text>
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={`Delete ${thing.name}`}
                loading={remove.isPending && remove.variables === thing.id}
                onClick={() => remove.mutate(thing.id)}
              >
                Delete
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
