import { createFileRoute } from '@tanstack/react-router';
import { SocketUsersScreen } from '../features/auth-tools/SocketUsersScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

type Search = { clientDeviceId?: string; hostName?: string; authHost?: string };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);

/** /socket-users?clientDeviceId&hostName&authHost (analytics spec §2): dev, as the menu says. */
export const Route = createFileRoute('/_auth/socket-users')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const out: Search = {};
    for (const key of ['clientDeviceId', 'hostName', 'authHost'] as const) {
      const v = text(search[key]);
      if (v) out[key] = v;
    }
    return out;
  },
  component: () => (
    <RoleGate access={['dev']} title="User Sockets">
      <SocketUsersScreen />
    </RoleGate>
  ),
});
