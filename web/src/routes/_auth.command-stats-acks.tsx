import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { CommandAcksScreen } from '../features/stats/graph-screens/CommandScreens.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /command-stats-acks (analytics spec §2). */
export const Route = createFileRoute('/_auth/command-stats-acks')({
  component: () => (
    <RoleGate access={STATS_ROLES} title="Command Acks">
      <CommandAcksScreen />
    </RoleGate>
  ),
});
