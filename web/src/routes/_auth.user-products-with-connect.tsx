import { REPORT_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/reports/ReportScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /user-products-with-connect: report export (seed 000 §2, §7 "Reports"). */
export const Route = createFileRoute('/_auth/user-products-with-connect')({
  component: () => (
    <RoleGate access={REPORT_ROLES} title="Products With Connect">
      <ReportScreen name="productsWithConnect" title="Products With Connect" options="none" />
    </RoleGate>
  ),
});
