import { createFileRoute } from '@tanstack/react-router';
import { IntegrationStatsScreen } from '../features/stats/graph-screens/IntegrationStatsScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /integration-stats (analytics spec §2). */
export const Route = createFileRoute('/_auth/integration-stats')({
  component: () => (
    <RoleGate access={['support', 'dev', 'stats']} title="Integration Stats">
      <IntegrationStatsScreen />
    </RoleGate>
  ),
});
