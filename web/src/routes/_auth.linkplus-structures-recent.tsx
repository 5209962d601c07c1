import { ANALYTICS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RecentStructuresScreen } from '../features/analytics/RecentStructuresScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /linkplus-structures-recent (analytics spec §2). */
export const Route = createFileRoute('/_auth/linkplus-structures-recent')({
  component: () => (
    <RoleGate access={ANALYTICS_ROLES} title="Recent Structures">
      <RecentStructuresScreen />
    </RoleGate>
  ),
});
