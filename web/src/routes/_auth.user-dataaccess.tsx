import { createFileRoute } from '@tanstack/react-router';
import { prefetchGen1Search } from '../features/gen1-support/queries.ts';
import { readSearchParams } from '../features/gen1-support/search/criteria.ts';
import { UserDataAccessScreen } from '../features/gen1-support/UserDataAccessScreen.tsx';

/** /user-dataaccess?searchterm — customer search with a read-only detail view (core spec §2). */
export const Route = createFileRoute('/_auth/user-dataaccess')({
  validateSearch: readSearchParams,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchGen1Search(context.queryClient, deps),
  component: UserDataAccessScreen,
});
