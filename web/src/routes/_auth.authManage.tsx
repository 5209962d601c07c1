import { operationById } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { AuthManageScreen } from '../features/auth-tools/AuthManageScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /authManage (analytics spec §2): admin only, as the server's operations are. */
export const Route = createFileRoute('/_auth/authManage')({
  component: () => (
    <RoleGate access={operationById('auth.authManageQuery').access} title="Manage Auth">
      <AuthManageScreen />
    </RoleGate>
  ),
});
