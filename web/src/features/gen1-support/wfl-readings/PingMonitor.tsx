import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { pingsQueryOptions } from '../wfl-commands/queries.ts';

/** Seed 000 §4, §9: the ping monitor polls each second for up to 60 s. */
export const PING_MONITOR = { everyMs: 1000, forMs: 60_000 } as const;

/** The ping monitor: a toggle, green while it polls, red when stopped; the latest ping and online state. */
export function PingMonitor({ mac }: { mac: string }) {
  const [until, setUntil] = useState<number | null>(null);
  const running = until !== null;
  useEffect(() => {
    if (until === null) return;
    const t = setTimeout(() => setUntil(null), Math.max(0, until - Date.now()));
    return () => clearTimeout(t);
  }, [until]);
  const pings = useQuery({
    ...pingsQueryOptions(mac),
    enabled: running,
    refetchInterval: running ? PING_MONITOR.everyMs : false,
  });
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (running) setPolls((n) => n + 1);
  }, [pings.dataUpdatedAt]);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Ping monitor">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={4}>Ping monitor</Title>
          <Text size="sm" data-testid="ping-monitor-state">
            {running ? 'running' : 'stopped'}
            {pings.data &&
              ` · ${pings.data.online ? 'online' : 'offline'} · last ping ${formatStamp(pings.data.lastPing)}`}
            {` · ${polls} polls`}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color={running ? 'green' : 'red'}
          onClick={() => {
            if (running) return setUntil(null);
            setPolls(0);
            setUntil(Date.now() + PING_MONITOR.forMs);
          }}
        >
          {running ? 'Monitoring (stop)' : 'Monitor pings'}
        </Button>
      </Group>
    </Paper>
  );
}
