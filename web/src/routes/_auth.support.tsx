import { createFileRoute } from '@tanstack/react-router';
import { prefetchGen1Search } from '../features/gen1-support/queries.ts';
import { SupportScreen } from '../features/gen1-support/SupportScreen.tsx';
import { readSearchParams } from '../features/gen1-support/search/criteria.ts';

/** /support — the legacy support page (core spec §2); the search lives in the URL. */
export const Route = createFileRoute('/_auth/support')({
  validateSearch: readSearchParams,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchGen1Search(context.queryClient, deps),
  component: SupportScreen,
});
