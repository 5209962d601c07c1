import { ANALYTICS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { NewUsersScreen } from '../features/analytics/NewUsersScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /new-user-gen2 (analytics spec §2). */
export const Route = createFileRoute('/_auth/new-user-gen2')({
  component: () => (
    <RoleGate access={ANALYTICS_ROLES} title="LinkPlus Customers">
      <NewUsersScreen />
    </RoleGate>
  ),
});
