import { SETTINGS_ACCESS } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../features/auth/SettingsScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /settings — change password, shown for admin or support (analytics spec §6). */
export const Route = createFileRoute('/_auth/settings')({
  component: () => (
    <RoleGate access={SETTINGS_ACCESS} title="Settings">
      <SettingsScreen />
    </RoleGate>
  ),
});
