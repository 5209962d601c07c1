import { allows, LIVE_TOPIC_ACCESS, liveTopics } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { LiveMonitor } from '../features/live/LiveMonitor.tsx';
import { HubCard } from '../features/support-plus/hub/HubCard.tsx';
import { hubHex, isHubId } from '../features/support-plus/hub/hub-id.ts';

/** One hub's live traffic, reachable by hub id before search exists. */
export const Route = createFileRoute('/_auth/supportPlus/hub/$hubId')({
  component: HubLivePage,
});

function HubLivePage() {
  const { hubId } = Route.useParams();
  const me = useCurrentUser();
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
      <Title order={2}>
        Hub {hubId}
        {hex ? ` (0x${hex})` : ''}
      </Title>
      {allows(LIVE_TOPIC_ACCESS.hub, me.roles) ? (
        <>
          {/^[0-9]+$/.test(hubId) && (
            <HubCard hubId={Number(hubId)} onReload={() => window.location.reload()} />
          )}
          <LiveMonitor topic={liveTopics.hub(hubId)} />
        </>
      ) : (
        <Alert color="orange" title="Not for your roles">
          Live hub traffic is for support and developers.
        </Alert>
      )}
    </Stack>
  );
}
