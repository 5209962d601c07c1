import { createFileRoute } from '@tanstack/react-router';
import { nonceSearch } from '../features/third-party/kinds.ts';
import { ThirdPartyPage } from '../features/third-party/ThirdPartyScreen.tsx';

/** /sonos?nonce (core spec §2): link a customer's third-party items to their product groups. */
export const Route = createFileRoute('/_auth/sonos')({
  validateSearch: nonceSearch,
  component: () => <ThirdPartyPage kind="sonos" nonce={Route.useSearch().nonce} />,
});
