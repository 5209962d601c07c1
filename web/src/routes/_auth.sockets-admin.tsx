import { createFileRoute } from '@tanstack/react-router';
import { SocketsAdminScreen } from '../features/engineering/SocketsAdminScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /sockets-admin (analytics spec §2): the admin channel console, dev. */
export const Route = createFileRoute('/_auth/sockets-admin')({
  component: () => (
    <RoleGate access={['dev']} title="Admin Sockets">
      <SocketsAdminScreen />
    </RoleGate>
  ),
});
