import { createFileRoute } from '@tanstack/react-router';
import { DeviceTypesScreen } from '../features/gen1-support/device-types/DeviceTypesScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /devicetypes (core spec §2). */
export const Route = createFileRoute('/_auth/devicetypes')({
  component: () => (
    <RoleGate access={['support', 'dev']} title="Device Types">
      <DeviceTypesScreen />
    </RoleGate>
  ),
});
