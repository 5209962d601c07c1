import type { StructureDetail } from '@console/contracts';
import { Alert, Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../../shared/api/call.ts';
import { DetailsModal } from '../../../../shared/ui/DetailsModal.tsx';
import { formatStamp } from '../../../../shared/ui/dates.ts';
import { QueryState } from '../../../../shared/ui/QueryAnswer.tsx';
import { AlexaLookup } from './AlexaLookup.tsx';

export type AgentType = 'alexa' | 'google' | 'smartthings';
const NAME: Record<AgentType, string> = { alexa: 'Alexa', google: 'Google', smartthings: 'Smartthings' };
type Agent = Record<string, unknown> & { devices?: AgentDevice[] };
type AgentDevice = { name: string; productCode: string; type: string; endpointId: string };

/** The red band when more than one record names the structure (seed 001 §8). */
export const structureError = (type: AgentType) => `${NAME[type]} structure error!!!`;

/** Google, Alexa, Samsung (seed 001 §2): agent details, device cards, devices elsewhere. */
export function AgentTab({ type, detail }: { type: AgentType; detail: StructureDetail }) {
  const rootGroupId = detail.structure.rootGroupId;
  const q = useQuery({
    queryKey: ['support-plus', 'agents', type, rootGroupId],
    queryFn: ({ signal }) => call('search.agents', { params: { type }, body: { rootGroupId }, signal }),
  });
  const [open, setOpen] = useState<unknown>(null);
  const [others, setOthers] = useState(false);
  if (!q.isSuccess) return <QueryState q={q} loading={`Loading ${NAME[type]}`} />;
  const agent = q.data.records[0] as Agent | undefined;
  if (!agent) return <Text size="sm">No {NAME[type]} account is linked to this structure.</Text>;
  const here = new Set(detail.devices.flatMap((c) => c.devices.map((d) => d.deviceId)));
  const devices = agent.devices ?? [];
  const mine = devices.filter((d) => here.has(d.endpointId));
  const elsewhere = devices.filter((d) => !here.has(d.endpointId));
  const dates = ['createdDate', 'lastUpdatedAt', 'lastDiscovery', 'lastSync'].filter((k) => agent[k]);
  return (
    <Stack gap="sm">
      {q.data.records.length > 1 && (
        <Alert color="red" variant="filled">
          {structureError(type)}
        </Alert>
      )}
      <Card withBorder padding="sm" component="section" aria-label={`${NAME[type]} details`}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{NAME[type]}</Text>
            <Badge color={agent.linked ? 'teal' : 'red'}>{agent.linked ? 'linked' : 'not linked'}</Badge>
            {!agent.linked && agent.unLinkReason ? <Text size="sm">{String(agent.unLinkReason)}</Text> : null}
          </Group>
          <Button size="xs" variant="light" onClick={() => setOpen(agent)}>
            Details
          </Button>
        </Group>
        {dates.map((k) => (
          <Text key={k} size="xs">
            {k}: {formatStamp(agent[k] as string)}
          </Text>
        ))}
        {agent.lastUpdateReason ? (
          <Text size="xs">lastUpdateReason: {String(agent.lastUpdateReason)}</Text>
        ) : null}
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {mine.map((d) => (
          <DeviceCard key={d.endpointId} device={d} />
        ))}
      </SimpleGrid>
      <Button size="xs" variant="subtle" onClick={() => setOthers((o) => !o)} w="fit-content">
        Devices on other groups or structures ({elsewhere.length})
      </Button>
      <Collapse expanded={others}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          {elsewhere.map((d) => (
            <DeviceCard key={d.endpointId} device={d} />
          ))}
        </SimpleGrid>
      </Collapse>
      {type === 'alexa' && <AlexaLookup userId={String(agent.userId ?? '')} />}
      <DetailsModal title={`${NAME[type]} agent`} value={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function DeviceCard({ device }: { device: AgentDevice }) {
  return (
    <Card withBorder padding="xs" role="article" aria-label={`Agent device ${device.name}`}>
      <Text size="sm" fw={600}>
        {device.name}
      </Text>
      <Text size="xs" c="dimmed">
        {device.productCode} · {device.type} · {device.endpointId}
      </Text>
    </Card>
  );
}
