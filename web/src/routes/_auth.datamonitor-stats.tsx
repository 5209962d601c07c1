import { createFileRoute } from '@tanstack/react-router';
import { DataMonitorStatsScreen } from '../features/stats/graph-screens/CommandScreens.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /datamonitor-stats (analytics spec §2). */
export const Route = createFileRoute('/_auth/datamonitor-stats')({
  component: () => (
    <RoleGate access={['stats']} title="Data Monitor Stats">
      <DataMonitorStatsScreen />
    </RoleGate>
  ),
});
