import { createFileRoute } from '@tanstack/react-router';
import { SocketsAdminScreen } from '../features/engineering/SocketsAdminScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/**
 * /moveLinks?hostName (analytics spec §2): tells hubs to switch server; shares the admin sockets
 * screen. `hostName` (the optional host change) picks a configured deployment only.
 */
export const Route = createFileRoute('/_auth/moveLinks')({
  validateSearch: (search: Record<string, unknown>): { hostName?: string } =>
    typeof search.hostName === 'string' && search.hostName.trim()
      ? { hostName: search.hostName.trim().slice(0, 200) }
      : {},
  component: function MoveLinks() {
    const { hostName } = Route.useSearch();
    return (
      <RoleGate access={['dev']} title="Move Links">
        <SocketsAdminScreen moveLinks hostName={hostName} />
      </RoleGate>
    );
  },
});
