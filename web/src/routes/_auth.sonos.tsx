import { createFileRoute } from '@tanstack/react-router';
import { ThirdPartyScreen } from '../features/third-party/ThirdPartyScreen.tsx';

/** /sonos?nonce (core spec §2): link a customer's third-party items to their product groups. */
export const Route = createFileRoute('/_auth/sonos')({
  validateSearch: (search: Record<string, unknown>): { nonce?: string } => ({
    nonce:
      typeof search.nonce === 'string' || typeof search.nonce === 'number'
        ? String(search.nonce).slice(0, 200)
        : undefined,
  }),
  component: () => <ThirdPartyScreen kind="sonos" nonce={Route.useSearch().nonce} />,
});
