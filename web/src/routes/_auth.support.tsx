import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SupportDetail } from '../features/gen1-support/detail/SupportDetail.tsx';
import { accountQueryOptions, searchQueryOptions, searchUrl } from '../features/gen1-support/queries.ts';
import { readSearchParams } from '../features/gen1-support/search/criteria.ts';
import { Gen1SearchScreen, type SetSearch } from '../features/gen1-support/search/Gen1SearchScreen.tsx';
import { findScreen } from '../features/menu/screens.ts';

/**
 * The legacy support page (core spec §2): the basic box with autocomplete, More for the advanced
 * options, Debug, the result table and the support user detail. The search lives in the URL.
 */
export const Route = createFileRoute('/_auth/support')({
  validateSearch: readSearchParams,
  // Starts the search and the open account early; the screen shows the spinner and errors itself.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.detail !== undefined) void context.queryClient.prefetchQuery(accountQueryOptions(deps.detail));
    else if (searchUrl(deps)) void context.queryClient.prefetchQuery(searchQueryOptions(deps));
  },
  component: SupportPage,
});

function SupportPage() {
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = useCallback(
    (update, replace) => void navigate({ search: update, replace }),
    [navigate],
  );
  return (
    <Gen1SearchScreen
      title="Support"
      access={findScreen('/support')?.access ?? ['support', 'dev']}
      search={Route.useSearch()}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: true, suggest: true }}
      debuggable
      detail={(userId, onClose) => <SupportDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
