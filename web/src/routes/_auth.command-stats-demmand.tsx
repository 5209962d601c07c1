import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { CommandDemandScreen } from '../features/stats/graph-screens/CommandScreens.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /command-stats-demmand (analytics spec §2). */
export const Route = createFileRoute('/_auth/command-stats-demmand')({
  component: () => (
    <RoleGate access={STATS_ROLES} title="Command Demand">
      <CommandDemandScreen />
    </RoleGate>
  ),
});
