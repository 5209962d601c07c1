import { confirmationMatches, type HostView, HUB_ACTION_TEXT } from '@console/contracts';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { staleSinceLabel } from '../../shared/live/stale-label.ts';
import { ConfirmDeleteModal } from '../../shared/ui/ConfirmDeleteModal.tsx';
import { TypedConfirmModal } from '../../shared/ui/TypedConfirmModal.tsx';
import { AddHostForm } from './AddHostForm.tsx';
import { HostCard } from './HostCard.tsx';
import { splitByKind } from './host-board.ts';
import { deleteHost, hostsQueryOptions, restartHost, supervisorKeys } from './queries.ts';
import { useSupervisorLive, useSupervisorLiveStatus } from './use-supervisor-live.ts';

/** A clock that ticks each second, so ages and the heart beat light move without new data. */
function useNow(skewMs: number) {
  const [now, setNow] = useState(() => Date.now() + skewMs);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now() + skewMs), 1000);
    return () => clearInterval(t);
  }, [skewMs]);
  return now;
}

/** Supervisor Statuses (core spec §2, §9): the host board, live over /ws. */
export function SupervisordScreen() {
  const { data } = useSuspenseQuery(hostsQueryOptions());
  useSupervisorLive();
  const live = useSupervisorLiveStatus();
  const now = useNow(data.skewMs);
  const queryClient = useQueryClient();
  const [restarting, setRestarting] = useState<HostView | null>(null);
  const [removing, setRemoving] = useState<HostView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: supervisorKeys.hosts() });

  const restart = useMutation({
    mutationFn: ({ id, typed }: { id: string; name: string; typed: string }) => restartHost(id, typed),
    onSuccess: (r, { name }) => {
      notifications.show({ color: 'green', message: `${name} restarted.` });
      queryClient.setQueryData(supervisorKeys.processInfo(r.hostId), r);
      void refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
    onSettled: () => setRestarting(null),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteHost(id),
    onSuccess: (r) => {
      notifications.show({ message: r.message });
      void refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
    onSettled: () => setRemoving(null),
  });

  const { command, datamonitor } = splitByKind(data.hosts);
  const list = (title: string, hosts: HostView[]) => (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2}>{title}</Title>
      {hosts.length === 0 ? <Text c="dimmed">No hosts.</Text> : null}
      <Group gap="sm" align="flex-start">
        {hosts.map((h) => (
          <HostCard
            key={h._id}
            host={h}
            thresholds={data.thresholds}
            now={now}
            onRestart={setRestarting}
            onRemove={setRemoving}
          />
        ))}
      </Group>
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Supervisor Statuses</Title>
        <Badge variant="light" color={live.status === 'live' ? 'green' : 'gray'}>
          {live.status === 'live'
            ? 'Live'
            : live.status === 'reconnecting' && live.staleSince !== null
              ? staleSinceLabel(live.staleSince)
              : `Live: ${live.status}`}
        </Badge>
      </Group>
      {live.notice ? <Alert color="orange">{live.notice}</Alert> : null}
      <AddHostForm onAdded={() => void refresh()} />
      {list('Command Nodes', command)}
      {list('Data Monitor Nodes', datamonitor)}
      <TypedConfirmModal
        opened={restarting !== null}
        title={`Restart the processes of ${restarting?.name ?? ''}`}
        words="restart"
        matches={(typed) => confirmationMatches('supervisor.restart', typed)}
        wrongText={HUB_ACTION_TEXT.wrongConfirmation}
        hint="Its supervisord restarts every process; the words are checked again by the server."
        loading={restart.isPending}
        onConfirm={(typed) =>
          restarting && restart.mutate({ id: restarting._id, name: restarting.name, typed })
        }
        onCancel={() => setRestarting(null)}
      />
      <ConfirmDeleteModal
        opened={removing !== null}
        title={`Remove ${removing?.name ?? ''} from the board`}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id)}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">
          Its heartbeat history goes too. A host that is still running comes back with its next heart beat.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
