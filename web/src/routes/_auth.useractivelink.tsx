import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /useractivelink: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/useractivelink')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="Active Link Plus">
      <ReportScreen name="activeLinkPlus" title="Active Link Plus" options="registered" />
    </RoleGate>
  ),
});
