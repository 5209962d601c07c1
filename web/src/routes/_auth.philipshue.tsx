import { createFileRoute } from '@tanstack/react-router';
import { nonceSearch } from '../features/third-party/kinds.ts';
import { ThirdPartyPage } from '../features/third-party/ThirdPartyScreen.tsx';

/** /philipshue?nonce (core spec §2): link a customer's third-party items to their product groups. */
export const Route = createFileRoute('/_auth/philipshue')({
  validateSearch: nonceSearch,
  component: () => <ThirdPartyPage kind="hue" nonce={Route.useSearch().nonce} />,
});
