import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ApiUsersScreen } from '../features/stats/graph-screens/ApiUsersScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /api-users (analytics spec §2). */
export const Route = createFileRoute('/_auth/api-users')({
  component: () => (
    <RoleGate access={STATS_ROLES} title="Voice Users">
      <ApiUsersScreen />
    </RoleGate>
  ),
});
