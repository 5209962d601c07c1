import { ANALYTICS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { TopStructuresScreen } from '../features/analytics/TopStructuresScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /linkplus-structures (analytics spec §2). */
export const Route = createFileRoute('/_auth/linkplus-structures')({
  component: () => (
    <RoleGate access={ANALYTICS_ROLES} title="Top Structures">
      <TopStructuresScreen />
    </RoleGate>
  ),
});
