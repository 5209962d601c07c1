import { allows } from '@console/contracts';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SUPPORT_PLUS_ACCESS } from '../features/support-plus/access.ts';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/**
 * Every /supportPlus screen: the role check, once. Child loaders read `supportPlusAllowed` so
 * they do not fetch what the server would refuse; the screens show a notice instead.
 */
export const Route = createFileRoute('/_auth/supportPlus')({
  beforeLoad: ({ context }) => ({ supportPlusAllowed: allows(SUPPORT_PLUS_ACCESS, context.me.roles) }),
  component: () => (
    <RoleGate access={SUPPORT_PLUS_ACCESS} title="Support Plus">
      <Outlet />
    </RoleGate>
  ),
});
