import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../../shared/api/client.ts';
import { refreshLiveChannels, supportPlusKeys } from '../queries.ts';

/**
 * Refresh Channels (seed 001 §2): the server rebuilds its channel list from Redis (asked again
 * every 5 s while it answers 202), then the overview's live links load afresh.
 */
export function RefreshChannelsButton() {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshLiveChannels(),
    onSuccess: async (total) => {
      await queryClient.invalidateQueries({ queryKey: supportPlusKeys.liveChannels() });
      notifications.show({
        color: 'green',
        message: `Channels refreshed: ${total.toLocaleString('en-GB')} live.`,
      });
    },
    onError: (error) => {
      // Service failures are already announced for every screen.
      if (isApiError(error) && (error.status === 0 || error.status >= 500)) return;
      notifications.show({ color: 'red', title: 'Refresh Channels failed', message: errorMessage(error) });
    },
  });
  return (
    <Button variant="default" loading={refresh.isPending} onClick={() => refresh.mutate()}>
      Refresh Channels
    </Button>
  );
}
