import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AccountDetail } from '../features/gen1-support/detail/AccountDetail.tsx';
import { accountQueryOptions, searchQueryOptions, searchUrl } from '../features/gen1-support/queries.ts';
import { type AdvancedOption, readSearchParams } from '../features/gen1-support/search/criteria.ts';
import { Gen1SearchScreen, type SetSearch } from '../features/gen1-support/search/Gen1SearchScreen.tsx';
import { findScreen } from '../features/menu/screens.ts';

/** The criteria as this screen names them (core spec §2 /user-dataaccess). */
const LABELS: Record<AdvancedOption, string> = {
  mac: 'Hub MAC',
  wfl: 'Hub name or id',
  serial: 'Device name or serial',
  deviceId: 'Device id',
  firmware: 'Firmware',
  commercial: 'Commercial users',
};

/**
 * Customer search (core spec §2 /user-dataaccess?searchterm): criteria, a paged result table and
 * a read-only detail view. A searchterm in the URL runs the search.
 */
export const Route = createFileRoute('/_auth/user-dataaccess')({
  validateSearch: readSearchParams,
  // Starts the search and the open account early; the screen shows the spinner and errors itself.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.detail !== undefined) void context.queryClient.prefetchQuery(accountQueryOptions(deps.detail));
    else if (searchUrl(deps)) void context.queryClient.prefetchQuery(searchQueryOptions(deps));
  },
  component: UserDataAccessPage,
});

function UserDataAccessPage() {
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = useCallback(
    (update, replace) => void navigate({ search: update, replace }),
    [navigate],
  );
  return (
    <Gen1SearchScreen
      title="User Data Access"
      access={findScreen('/user-dataaccess')?.access ?? ['accounts']}
      search={Route.useSearch()}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: false, labels: LABELS, suggest: true }}
      detail={(userId, onClose) => <AccountDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
