import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /connectuseractivelink: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/connectuseractivelink')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="Connect Active Links">
      <ReportScreen name="activeConnect" title="Connect Active Links" options="active" />
    </RoleGate>
  ),
});
