import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { formatStamp } from '../../../shared/ui/dates.ts';

/** How often the users' connected state is asked again while the structure is open. */
const REFRESH_MS = 20_000;

/** Whether each user of the structure has a client connected now (one request for the table). */
function usePresence(userIds: string[]) {
  return useQuery({
    queryKey: ['user-presence', userIds],
    queryFn: ({ signal }) => call('hub-control.userPresence', { body: { userIds }, signal }),
    enabled: userIds.length > 0,
    refetchInterval: REFRESH_MS,
  });
}

/**
 * A user's connected state (seed 001 §2 user detail): connected with the platforms of its clients
 * (app, web, agent), or not connected; 'unknown' when it could not be asked.
 */
export function UserConnected({ userId, userIds }: { userId: string; userIds: string[] }) {
  const q = usePresence(userIds);
  if (q.isPending) return null;
  const p = q.data?.users.find((u) => u.userId === userId);
  if (!p)
    return (
      <Badge size="xs" color="gray" variant="light">
        unknown
      </Badge>
    );
  if (!p.connected)
    return (
      <Badge size="xs" color="gray" variant="light">
        not connected
      </Badge>
    );
  const platforms = [...new Set(p.clients.map((c) => c.platform))].join(', ');
  return (
    <Tooltip label={`last said ${formatStamp(p.clients[0]?.at)}`}>
      <Badge size="xs" color="green" variant="light">
        connected ({platforms})
      </Badge>
    </Tooltip>
  );
}
