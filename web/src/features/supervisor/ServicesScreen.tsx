import type { ServiceSummary } from '@console/contracts';
import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { formatAge } from './host-board.ts';
import { servicesQueryOptions } from './queries.ts';

type Endpoint = ServiceSummary['instances'][number]['endpoints'][number];
const ENDPOINT_COLUMNS: Column<Endpoint>[] = [
  { header: 'Endpoint', cell: (e) => e.name },
  { header: 'Requests', cell: (e) => e.requests },
  { header: 'Errors (5xx)', cell: (e) => e.errors, td: (e) => ({ c: e.errors ? 'red' : undefined }) },
  { header: 'Refused (4xx)', cell: (e) => e.refused },
  { header: 'Average', cell: (e) => `${e.averageMs} ms` },
  { header: 'Last error', cell: (e) => e.lastError || '—' },
];

function ServiceCard({ s }: { s: ServiceSummary }) {
  const down = s.instances.length === 0;
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={`Service ${s.name}`}
      style={down ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2}>{s.name}</Title>
          {s.version ? (
            <Text size="xs" c="dimmed">
              v{s.version}
            </Text>
          ) : null}
        </Group>
        <Badge color={down ? 'red' : 'green'} variant="filled">
          {down ? 'no instance' : `${s.instances.length} instance${s.instances.length === 1 ? '' : 's'}`}
        </Badge>
      </Group>
      {s.timeouts.length > 0 && (
        <Text size="sm" c="red" mb="xs">
          Errors the service could not count: calls no instance answered in time (504 at the gateway):{' '}
          {s.timeouts.map((t) => `${t.endpoint} ${t.count}`).join(', ')}.
        </Text>
      )}
      {down ? (
        <Text size="sm" c="red">
          Nothing answers for {s.name}: its requests fail with 503 until an instance starts (infra/scale.ts{' '}
          {s.name} +1).
        </Text>
      ) : (
        s.instances.map((i) => (
          <Stack key={i.id} gap={4} mb="sm" aria-label={`Instance ${i.instance || i.id}`}>
            <Text size="sm">
              <b>{i.instance || i.id}</b> on {i.host || '?'} · up {formatAge(i.uptimeSeconds * 1000)} ·{' '}
              {i.requests} requests · {i.errors} errors · {i.refused} refused · id {i.id}
            </Text>
            <ColumnTable
              fz="xs"
              withTableBorder
              rows={i.endpoints.filter((e) => e.requests > 0)}
              columns={ENDPOINT_COLUMNS}
              rowKey={(e) => e.name}
            />
            <Text size="xs" c="dimmed">
              {i.endpoints.length} endpoints; those with no request yet are not listed.
            </Text>
          </Stack>
        ))
      )}
    </Card>
  );
}

/** Services (ops): every instance `$SRV` discovery finds, with the gateways' figures beside them. */
export function ServicesScreen() {
  const q = useQuery(servicesQueryOptions());
  return (
    <Stack gap="md">
      <Title order={1}>Services</Title>
      {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
      {q.data ? (
        <>
          <Card withBorder padding="sm" component="section" aria-label="Gateways">
            <Title order={2} mb="xs">
              Gateways
            </Title>
            {q.data.gateways.length === 0 ? <Text c="dimmed">No gateway reported its figures.</Text> : null}
            {q.data.gateways.map((g) => (
              <Text size="sm" key={g.id}>
                <b>{g.instance || g.id}</b> on {g.host} · up {formatAge(g.uptimeSeconds * 1000)} · {g.sockets}{' '}
                open sockets · {g.topics} live topics · {g.eventsOut} events out · {g.requests} API requests
              </Text>
            ))}
          </Card>
          {q.data.services.map((s) => (
            <ServiceCard key={s.name} s={s} />
          ))}
          <Text size="xs" c="dimmed">
            Refreshed every 2 s. Add or remove an instance with infra/scale.ts &lt;service&gt; +1 or -1.
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
