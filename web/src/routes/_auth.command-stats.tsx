import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { CommandDailyScreen } from '../features/stats/graph-screens/CommandScreens.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /command-stats (analytics spec §2). */
export const Route = createFileRoute('/_auth/command-stats')({
  component: () => (
    <RoleGate access={STATS_ROLES} title="Daily Commands">
      <CommandDailyScreen />
    </RoleGate>
  ),
});
