import { allows } from '@console/contracts';
import { Alert, Checkbox, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import {
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
import { SupportDetail } from './-components/support/SupportDetail.tsx';

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
  const me = useCurrentUser();
  const access = findScreen('/support')?.access ?? ['support', 'dev'];
  if (!allows(access, me.roles)) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>Support</Title>
        <Alert color="orange" title="Not for your roles">
          Support is not part of your roles' menu. Ask an admin if you need it.
        </Alert>
      </Stack>
    );
  }
  return <SupportSearch />;
}

function SupportSearch() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { recent, remember } = useRecentSearches();
  const [debug, setDebug] = useState(false);
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
      <Title order={2}>Support</Title>
      <SearchForm
        key={JSON.stringify(criteria)}
        initial={criteria}
        onSearch={run}
        userLabel="User"
        moreToggle
        suggest
        extra={
          <Checkbox
            label="Debug"
            checked={debug}
            onChange={(e) => setDebug(e.currentTarget.checked)}
            mb={8}
          />
        }
      />
      <RecentSearches recent={recent} onRun={run} />
      <SearchResults
        params={search}
        debug={debug}
        onOpen={open}
        showTable={search.detail === undefined}
        onPage={(offset) => void navigate({ search: (prev) => ({ ...prev, offset }) })}
        onPageSize={(limit: PageSize) =>
          void navigate({ search: (prev) => ({ ...prev, limit, offset: undefined }) })
        }
      />
      {search.detail !== undefined && (
        <SupportDetail
          key={search.detail}
          userId={search.detail}
          onClose={() => void navigate({ search: (prev) => ({ ...prev, detail: undefined }) })}
        />
      )}
    </Stack>
  );
}
