import type { ActionWaterfall } from '@console/contracts';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { byWhom } from './outcome.ts';
import {
  barOf,
  cancelAction,
  formatOffset,
  STATE_TEXT,
  type WaterfallRef,
  waterfallKey,
  waterfallQueryOptions,
} from './waterfall-queries.ts';

const STATE_COLOR: Record<ActionWaterfall['state'], string> = {
  pending: 'blue',
  replied: 'teal',
  failed: 'red',
  timedOut: 'orange',
  cancelled: 'gray',
};
const KIND_COLOR: Record<string, string> = {
  accepted: 'gray',
  sent: 'blue',
  response: 'teal',
  event: 'grape',
  'outcome-unknown': 'orange',
  failed: 'red',
  cancelled: 'dark',
  audit: 'indigo',
};

/**
 * The command waterfall of one hub action (issue 17, item 2): each stage with its time offset and
 * a bar, the outcome, and Cancel while the action is pending. It loads and polls by itself; give it
 * the action's `transactionId`, or the `correlationId` the console sent with it (while pending).
 */
export function Waterfall(props: { transactionId: number } | { correlationId: string }) {
  const ref: WaterfallRef =
    'transactionId' in props
      ? { transactionId: props.transactionId }
      : { correlationId: props.correlationId };
  const [startedAt] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const q = useQuery(waterfallQueryOptions(ref, startedAt));
  const cancel = useMutation({
    mutationFn: cancelAction,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: waterfallKey(ref) }),
  });
  const w = q.data;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  if (!w)
    return (
      <Paper withBorder p="xs" aria-label="Command waterfall">
        <Text size="sm" c="dimmed">
          {q.isFetching || q.isPending ? 'Waiting for the action to be sent…' : 'No stages recorded.'}
        </Text>
      </Paper>
    );
  const span = Math.max(...w.stages.map((s) => s.offsetMs), 1);
  return (
    <Paper withBorder p="xs" aria-label="Command waterfall">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {w.action} · transaction {w.transactionId}
          </Text>
          <Group gap="xs">
            <Badge color={STATE_COLOR[w.state]} aria-label="Action state">
              {STATE_TEXT[w.state]}
            </Badge>
            {w.state === 'pending' && (
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(w.transactionId)}
              >
                Cancel
              </Button>
            )}
          </Group>
        </Group>
        {cancel.isError && (
          <Text size="xs" c="red" role="alert">
            {errorMessage(cancel.error)}
          </Text>
        )}
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Stages">
          {w.stages.map((s, i) => {
            const bar = barOf(s.offsetMs, w.stages[i + 1]?.offsetMs, span);
            return (
              <Box
                component="li"
                key={`${s.kind}-${s.at}-${i}`}
                data-stage={s.kind}
                data-late={s.late ? 'true' : 'false'}
                style={{
                  display: 'grid',
                  gridTemplateColumns: '16rem 5rem 1fr',
                  gap: 8,
                  alignItems: 'center',
                }}
              >
                <Text size="xs" truncate>
                  {s.label}
                  {s.late && (
                    <Badge ml={4} size="xs" color="yellow" variant="light">
                      late
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed" ta="right" data-offset>
                  {formatOffset(s.offsetMs)}
                </Text>
                <Box pos="relative" h={10} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 2 }}>
                  <Box
                    pos="absolute"
                    top={0}
                    h={10}
                    bg={`var(--mantine-color-${KIND_COLOR[s.kind] ?? 'gray'}-5)`}
                    style={{ left: `${bar.left}%`, width: `${bar.width}%`, borderRadius: 2 }}
                  />
                </Box>
              </Box>
            );
          })}
        </Box>
        {w.state === 'timedOut' && (
          <Text size="xs" c="dimmed">
            The hub did not answer in time: it may or may not have acted. Check the link before retrying.
          </Text>
        )}
        {w.cancelledBy && (
          <Text size="xs" c="dimmed">
            Cancelled by {byWhom(w.cancelledBy, me.name)}; a late reply from the hub is still shown here,
            marked late.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
