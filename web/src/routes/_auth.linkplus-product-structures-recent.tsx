import { ANALYTICS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { ProductStructuresScreen } from '../features/analytics/ProductStructuresScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /linkplus-product-structures-recent (analytics spec §2). */
export const Route = createFileRoute('/_auth/linkplus-product-structures-recent')({
  component: () => (
    <RoleGate access={ANALYTICS_ROLES} title="Recent Product Structures">
      <ProductStructuresScreen />
    </RoleGate>
  ),
});
