import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /user-devices: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/user-devices')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="User Devices">
      <ReportScreen name="userDevices" title="User Devices" options="generation" />
    </RoleGate>
  ),
});
