import { ANALYTICS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { UserTrackScreen } from '../features/analytics/UserTrackScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /new-user-track (analytics spec §2). */
export const Route = createFileRoute('/_auth/new-user-track')({
  component: () => (
    <RoleGate access={ANALYTICS_ROLES} title="Recent Disconnected Users">
      <UserTrackScreen />
    </RoleGate>
  ),
});
