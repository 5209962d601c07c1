import type { HubActionResult, HubCard as HubCardData } from '@console/contracts';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { CopyText } from '../../../shared/ui/CopyText.tsx';
import { formatLocal } from '../../../shared/ui/dates.ts';
import { QueryState } from '../../../shared/ui/QueryAnswer.tsx';
import { useWatchedAction } from '../../waterfall/use-watched-action.ts';
import { Waterfall } from '../../waterfall/Waterfall.tsx';
import { structureQueryOptions } from '../queries.ts';
import { HubCardActions } from './HubCardActions.tsx';
import { formatStats, knownFacts } from './hub-actions.ts';
import { hubCardQueryKey, hubCardQueryOptions, sendHubAction } from './hub-queries.ts';

/** The card's read buttons: live info from the worker, system info and every feature's state from the link. */
const READS = [
  { id: 'hub-control.getLiveInfo', label: 'Refresh live info', icon: '⟳' },
  { id: 'hub-control.systemRead', label: 'Read system info', icon: 'ℹ' },
  { id: 'hub-control.allFeatureStates', label: 'Get all feature states', icon: '☰' },
] as const;
type ReadId = (typeof READS)[number]['id'];

/** One sentence of the firmware, config and lock, saying whether the link was read or the record says so. */
function factsLine(f: ReturnType<typeof knownFacts>): string {
  if (!f) return 'Firmware, config and lock not known yet: Read system info asks the link.';
  const lock = f.locked
    ? `locked${f.lockedSince !== null ? ` since ${formatLocal(f.lockedSince)}` : ''}`
    : 'unlocked';
  const source =
    f.source === 'read' ? `read from the link ${formatLocal(f.at)}` : 'as the hub record stores them';
  return `Firmware ${f.firmwareVersion || '—'} · config ${f.configNumber ?? '—'} · ${lock} (${source})`;
}

/** The answer of get-all-feature-states: each feature's value, or why it could not be read. */
function FeatureStates({ result }: { result: HubActionResult }) {
  return (
    <ColumnTable
      label="Feature states"
      rows={result.items}
      rowKey={(i) => i.itemId}
      columns={[
        { header: 'Feature', cell: (i) => String(i.payload.featureId ?? `item ${i.itemId}`) },
        {
          header: 'Value',
          cell: (i) => (i.success ? JSON.stringify(i.payload.value) : (i.error?.message ?? 'failed')),
          td: (i) => (i.success ? {} : { c: 'red' }),
        },
      ]}
    />
  );
}

/**
 * The hub card of Support Plus (spec §2): link id (click to copy, also in hex), connected heart,
 * connected since, firmware, lock, connection stats, error state, and the link actions.
 * `onReload` is called when a queued action's 10 s are up (or 'Refresh now'); the card reloads itself too.
 */
export function HubCard({ hubId, onReload }: { hubId: number; onReload?: () => void }) {
  const queryClient = useQueryClient();
  const card = useQuery(hubCardQueryOptions(hubId));
  // What the console already knows before any read: the stored hub record, as the structure page
  // shows it (the same query, so it is cached when the person came from there).
  const rootGroupId = card.data?.rootGroupId ?? null;
  const structure = useQuery({ ...structureQueryOptions(rootGroupId ?? ''), enabled: rootGroupId !== null });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: hubCardQueryKey(hubId) });
  // The command waterfall of the last read, shown under the card's facts.
  const { watching, sending } = useWatchedAction();
  const read = useMutation({
    mutationFn: (id: ReadId) =>
      id === 'hub-control.getLiveInfo'
        ? sendHubAction(id, { clientType: 'link2', clientId: hubId }, sending())
        : sendHubAction(id, { linkId: hubId }, sending()),
    onSettled: refresh,
  });

  if (!card.isSuccess) return <QueryState q={card} loading="Loading hub" failed="Hub not loaded" />;
  const c: HubCardData = card.data;
  const connected = c.presence?.connected === true;

  return (
    <Card withBorder padding="md" aria-label={`Hub ${c.hubId}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text
              span
              c={connected ? 'green' : 'red'}
              fz="lg"
              role="img"
              aria-label={connected ? 'Connected' : 'Not connected'}
            >
              ♥
            </Text>
            <CopyText value={String(c.hubId)}>
              <Title order={3}>Link {c.hubId}</Title>
            </CopyText>
            <Badge variant="light">{c.hubIdHex}</Badge>
          </Group>
          <Group gap={4}>
            {READS.map(({ id, label, icon }) => (
              <Button
                key={id}
                size="compact-sm"
                variant="subtle"
                leftSection={<span aria-hidden="true">{icon}</span>}
                loading={read.isPending && read.variables === id}
                onClick={() => read.mutate(id)}
              >
                {label}
              </Button>
            ))}
          </Group>
        </Group>
        <Text size="sm">
          {connected ? `Connected since ${formatLocal(c.presence?.connectedSince)}` : 'Not connected'}
          {c.presence ? ` · worker ${c.presence.worker}` : ''}
        </Text>
        <Text size="sm" aria-label="Firmware, config and lock">
          {factsLine(
            knownFacts(
              c,
              structure.data?.hubs.find((h) => h.hubId === c.hubId),
            ),
          )}
        </Text>
        <Text size="sm">
          Added {c.record?.addedDate ? formatLocal(Date.parse(c.record.addedDate)) : '—'} · Connection stats:{' '}
          {formatStats(c.stats)}
        </Text>
        {(c.record?.errorState || c.info?.errorState) && (
          <Alert color="red" aria-label="Error state">
            <Text span fw={700}>
              Error:{' '}
            </Text>
            {c.record?.errorSync
              ? `Sync update ${c.record.errorSync.syncUpdateId} (${c.record.errorSync.type} ${c.record.errorSync.subType}, by ${c.record.errorSync.caller}${c.record.errorSync.createdDate ? ` at ${formatLocal(Date.parse(c.record.errorSync.createdDate))}` : ''}) left ${c.record.errorSync.errorCount} error(s); the link refuses syncs until its error state is reset.`
              : 'The link is in error state.'}
          </Alert>
        )}
        {watching && <Waterfall key={watching} correlationId={watching} />}
        {read.data && read.variables === 'hub-control.allFeatureStates' && (
          <FeatureStates result={read.data} />
        )}
        {read.isError && (
          <Alert color="red" title="The operation failed.">
            {errorMessage(read.error)}
          </Alert>
        )}
        <HubCardActions
          card={c}
          onDone={refresh}
          onReload={() => {
            refresh();
            onReload?.();
          }}
        />
      </Stack>
    </Card>
  );
}
