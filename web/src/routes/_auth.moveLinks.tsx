import { createFileRoute } from '@tanstack/react-router';
import { SocketsAdminScreen } from '../features/engineering/SocketsAdminScreen.tsx';
import { RoleGate } from '../features/ui/RoleGate.tsx';

/** /moveLinks (analytics spec §2): tells hubs to switch server; shares the admin sockets screen. */
export const Route = createFileRoute('/_auth/moveLinks')({
  component: () => (
    <RoleGate access={['dev']} title="Move Links">
      <SocketsAdminScreen moveLinks />
    </RoleGate>
  ),
});
