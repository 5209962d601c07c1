import { THIRD_PARTY_ACCESS } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { nonceSearch } from '../features/third-party/kinds.ts';
import { ThirdPartyScreen } from '../features/third-party/ThirdPartyScreen.tsx';
import { RoleGate } from '../features/ui/RoleGate.tsx';

/** /philipshue?nonce (core spec §2): link a customer's third-party items to their product groups. */
export const Route = createFileRoute('/_auth/philipshue')({
  validateSearch: nonceSearch,
  component: () => (
    <RoleGate access={THIRD_PARTY_ACCESS} title="Philips Hue">
      <ThirdPartyScreen kind="hue" nonce={Route.useSearch().nonce} />
    </RoleGate>
  ),
});
