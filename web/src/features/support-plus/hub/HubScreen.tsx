import { liveTopics } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LiveMonitor } from '../../../shared/live/LiveMonitor.tsx';
import { RecordReplayPanel } from '../../recordings/RecordReplayPanel.tsx';
import { SocketLogPanel } from '../socket-log/SocketLogPanel.tsx';
import { HubCard } from './HubCard.tsx';
import { HubDevices } from './HubDevices.tsx';
import { hubHex, isHubId } from './hub-id.ts';
import { hubCardQueryOptions } from './hub-queries.ts';
import { NoRootLink } from './NoRootLink.tsx';

const route = getRouteApi('/_auth/supportPlus/hub/$hubId');

/**
 * Below the card: the no-root-link view when the hub card says the link has no structure, else
 * the devices on the link with their feature and firmware actions.
 */
function StructureOrNoRoot({ hubId }: { hubId: number }) {
  const card = useQuery(hubCardQueryOptions(hubId));
  if (!card.data) return null;
  if (card.data.rootGroupId === null) return card.data.record ? <NoRootLink hubId={hubId} /> : null;
  return <HubDevices card={card.data} />;
}

/** One hub: its card (numeric Gen2 ids) above its live traffic, reachable by hub id. */
export function HubScreen() {
  const { hubId } = route.useParams();
  if (!isHubId(hubId)) {
    return (
      <Alert color="orange" title="Not a hub id" maw={640}>
        A hub id is a number (or letters, digits, - and _).
      </Alert>
    );
  }
  const hex = hubHex(hubId);
  return (
    <Stack gap="md">
      <Title order={1}>
        Hub {hubId}
        {hex ? ` (0x${hex})` : ''}
      </Title>
      {/^[0-9]+$/.test(hubId) && (
        <>
          <HubCard hubId={Number(hubId)} onReload={() => window.location.reload()} />
          <StructureOrNoRoot hubId={Number(hubId)} />
          <RecordReplayPanel key={hubId} hubId={Number(hubId)} />
        </>
      )}
      <LiveMonitor topic={liveTopics.hub(hubId)} />
      {/^[0-9]+$/.test(hubId) && <SocketLogPanel linkIds={[Number(hubId)]} />}
    </Stack>
  );
}
