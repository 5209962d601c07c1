import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /allemails: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/allemails')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="All E-mails">
      <ReportScreen name="allEmails" title="All E-mails" options="generation" />
    </RoleGate>
  ),
});
