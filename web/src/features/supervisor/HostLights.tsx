import type { HostDerived } from '@console/contracts';
import { Badge, Group } from '@mantine/core';

/** The two lights of a host card (core spec §2): supervisor, and heart beat. */
export function HostLights({ derived }: { derived: HostDerived }) {
  const beatOk = derived.heartbeat === 'ok';
  return (
    <Group gap="xs">
      <Badge
        color={derived.supervisorOk ? 'green' : 'red'}
        variant="filled"
        aria-label={`Supervisor ${derived.supervisorState}`}
      >
        {derived.supervisorOk ? 'Supervisor' : derived.supervisorState}
      </Badge>
      <Badge color={beatOk ? 'green' : 'red'} variant="filled" aria-label={`Heart beat ${derived.heartbeat}`}>
        {beatOk ? 'Heart beat' : derived.heartbeat}
      </Badge>
    </Group>
  );
}
