import { allows } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import {
  type AdvancedOption,
  type Criteria,
  criteriaOf,
  type PageSize,
  readSearchParams,
  searchRequest,
} from '../features/gen1-search/criteria.ts';
import {
  accountQueryOptions,
  gen1Keys,
  searchQueryOptions,
  searchUrl,
} from '../features/gen1-search/queries.ts';
import { RecentSearches } from '../features/gen1-search/RecentSearches.tsx';
import { SearchForm } from '../features/gen1-search/SearchForm.tsx';
import { SearchResults } from '../features/gen1-search/SearchResults.tsx';
import { useRecentSearches } from '../features/gen1-search/use-recent-searches.ts';
import { findScreen } from '../features/menu/screens.ts';
import { AccountDetail } from './-components/user-dataaccess/AccountDetail.tsx';

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
  const me = useCurrentUser();
  const access = findScreen('/user-dataaccess')?.access ?? ['accounts'];
  if (!allows(access, me.roles)) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>User Data Access</Title>
        <Alert color="orange" title="Not for your roles">
          User Data Access is not part of your roles' menu. Ask an admin if you need it.
        </Alert>
      </Stack>
    );
  }
  return <UserDataAccess />;
}

function UserDataAccess() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { recent, remember } = useRecentSearches();
  const criteria = criteriaOf(search);

  const run = (c: Criteria) => {
    const req = searchRequest(c);
    if (!req) return;
    remember(req.label, c);
    void navigate({ search: { ...c, limit: search.limit } });
    void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
  };
  const open = useCallback(
    (userId: number, auto: boolean) =>
      void navigate({ search: (prev) => ({ ...prev, detail: userId }), replace: auto }),
    [navigate],
  );

  return (
    <Stack gap="md">
      <Title order={2}>User Data Access</Title>
      <SearchForm
        key={JSON.stringify(criteria)}
        initial={criteria}
        onSearch={run}
        userLabel="User"
        moreToggle={false}
        labels={LABELS}
        suggest
      />
      <RecentSearches recent={recent} onRun={run} />
      <SearchResults
        params={search}
        onOpen={open}
        showTable={search.detail === undefined}
        onPage={(offset) => void navigate({ search: (prev) => ({ ...prev, offset }) })}
        onPageSize={(limit: PageSize) =>
          void navigate({ search: (prev) => ({ ...prev, limit, offset: undefined }) })
        }
      />
      {search.detail !== undefined && (
        <AccountDetail
          key={search.detail}
          userId={search.detail}
          onClose={() => void navigate({ search: (prev) => ({ ...prev, detail: undefined }) })}
        />
      )}
    </Stack>
  );
}
