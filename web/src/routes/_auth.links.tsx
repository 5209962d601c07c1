import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /links: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/links')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="Links">
      <ReportScreen name="links" title="Links" options="generation" />
    </RoleGate>
  ),
});
