import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ProtocolErrorsScreen } from '../features/stats/ProtocolErrorsScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /protocolerrors (core spec §2). */
export const Route = createFileRoute('/_auth/protocolerrors')({
  component: () => (
    <RoleGate access={STATS_ROLES} title="Protocol Errors">
      <ProtocolErrorsScreen />
    </RoleGate>
  ),
});
