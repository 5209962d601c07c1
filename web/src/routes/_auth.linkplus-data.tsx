import { FEATURE_DATA_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { FeatureDataScreen } from '../features/linkplus-data/FeatureDataScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /linkplus-data: the feature-data screen (seed 002). */
export const Route = createFileRoute('/_auth/linkplus-data')({
  component: () => (
    <RoleGate access={FEATURE_DATA_ROLES} title="Link Plus Data">
      <FeatureDataScreen />
    </RoleGate>
  ),
});
