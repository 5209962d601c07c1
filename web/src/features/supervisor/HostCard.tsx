import { deriveHost, type HostThresholds, type HostView } from '@console/contracts';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatStamp } from '../../shared/ui/dates.ts';
import { JsonViewer } from '../../shared/ui/JsonViewer.tsx';
import { HostLights } from './HostLights.tsx';
import { formatAge } from './host-board.ts';
import { ProcessTable } from './ProcessTable.tsx';
import { supervisorKeys } from './queries.ts';

interface HostCardProps {
  host: HostView;
  thresholds: HostThresholds;
  /** The server's clock now (ms). */
  now: number;
  onRestart: (host: HostView) => void;
  onRemove: (host: HostView) => void;
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" w={130}>
        {label}
      </Text>
      <Text size="xs">{children}</Text>
    </Group>
  );
}

/** One supervisord host (core spec §2): name, lights, the figures for its type, and its buttons. */
export function HostCard({ host, thresholds, now, onRestart, onRemove }: HostCardProps) {
  const queryClient = useQueryClient();
  const [processes, setProcesses] = useState(false);
  const update = () => {
    if (processes) void queryClient.invalidateQueries({ queryKey: supervisorKeys.processInfo(host._id) });
    setProcesses(true);
  };
  const [details, setDetails] = useState(false);
  const d = deriveHost(host, now, thresholds);
  const beat = host.latest;
  const nodeV1 = host.hostType === 'node-v1';
  return (
    <Card withBorder padding="sm" component="article" aria-label={host.name} w={360}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3}>{host.name}</Title>
            <Text size="xs" c="dimmed">
              {beat?.supervisor.name ?? host.host}
            </Text>
          </div>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${host.name}`}
            onClick={() => onRemove(host)}
          >
            ×
          </ActionIcon>
        </Group>
        <HostLights derived={d} />
        {nodeV1 ? (
          <>
            <Line label="Dropped total">{beat?.stats.lastHeartBeat.droppedTotal ?? '—'}</Line>
            <Line label="Dropped recent">{beat?.stats.lastHeartBeat.droppedBetween ?? '—'}</Line>
          </>
        ) : (
          <>
            <Line label="Uptime">{beat ? formatAge(beat.supervisor.uptime * 1000) : '—'}</Line>
            <Line label="Last update">{formatStamp(beat?.lastUpdate)}</Line>
          </>
        )}
        <Line label="Last heart beat">
          {d.heartbeatAgeMs === null ? '—' : `${formatAge(d.heartbeatAgeMs)} ago`}
        </Line>
        <Line label="Packets/s average">{d.packetsPerSecond ?? '—'}</Line>
        <Line label="Shifted average">{d.perSecondAvgShifted ?? '—'}</Line>
        <Line label="Slow process">
          {d.slow ? `${d.slow.name} (${(d.slow.ms / 1000).toFixed(1)} s)` : 'none'}
        </Line>
        <Line label="Recent restart">
          {d.recentRestarts.length
            ? d.recentRestarts.map((t) => formatStamp(t)).join(', ')
            : 'none in the last hour'}
        </Line>
        <Group gap="xs">
          <Button size="compact-xs" variant="light" onClick={update} aria-label={`Update ${host.name}`}>
            Update
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setDetails((v) => !v)}>
            Details
          </Button>
          <Button size="compact-xs" variant="light" color="orange" onClick={() => onRestart(host)}>
            Restart
          </Button>
        </Group>
        {processes ? <ProcessTable hostId={host._id} name={host.name} /> : null}
        {details ? (
          <JsonViewer value={host.latest ?? host} label={`Details of ${host.name}`} maxHeight={240} />
        ) : null}
      </Stack>
    </Card>
  );
}
