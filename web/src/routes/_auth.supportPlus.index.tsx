import { allows, LIVE_TOPIC_ACCESS } from '@console/contracts';
import { Alert, Code, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../features/api/client.ts';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { OpenHubForm } from '../features/support-plus/hub/OpenHubForm.tsx';
import { SupportPlusOverview } from '../features/support-plus/overview/Overview.tsx';
import {
  liveChannelsQueryOptions,
  overviewQueryOptions,
  searchQueryOptions,
} from '../features/support-plus/queries.ts';
import { SearchBar } from '../features/support-plus/search/SearchBar.tsx';
import { SearchResults } from '../features/support-plus/search/StructureSearchResults.tsx';
import {
  type SupportPlusSearch,
  searchBody,
  validateSupportPlusSearch,
} from '../features/support-plus/search/search-params.ts';
import { useSearchLists } from '../features/support-plus/search/use-search-lists.ts';

/**
 * /supportPlus?searchterm&debug&hostName (seed 001 §2): the search bar; the results when a search
 * is in the URL, else the overview; and opening a hub's live monitor by id. Changing the query
 * does not reload the screen: only the search's own query runs.
 */
export const Route = createFileRoute('/_auth/supportPlus/')({
  validateSearch: validateSupportPlusSearch,
  // The overview is what the screen shows first; a failure to load it is shown in its place.
  // The live links are started, not awaited: a server warming up answers 202 and is asked again in 5 s.
  loader: async ({ context }) => {
    if (!allows(LIVE_TOPIC_ACCESS.overview, context.me.roles)) return;
    void context.queryClient.prefetchQuery(liveChannelsQueryOptions());
    await context.queryClient.ensureQueryData(overviewQueryOptions()).catch(() => undefined);
  },
  component: SupportPlusPage,
});

function SupportPlusPage() {
  const me = useCurrentUser();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const loadLists = useSearchLists((s) => s.load);
  useEffect(() => loadLists(me.email), [loadLists, me.email]);

  if (!allows(LIVE_TOPIC_ACCESS.hub, me.roles)) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>Support Plus</Title>
        <Alert color="orange" title="Not for your roles">
          Support Plus is not part of your roles' menu. Ask an admin if you need it.
        </Alert>
      </Stack>
    );
  }
  const isAdmin = me.roles.includes('admin');
  const debug = isAdmin && search.debug === 1;
  const body = searchBody(search);
  const go = (next: SupportPlusSearch) =>
    navigate({ search: { ...next, ...(debug ? { debug: 1 as const } : {}), hostName: search.hostName } });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <Stack gap="md">
          <Title order={2}>Support Plus</Title>
          <SearchArea search={search} body={body} isAdmin={isAdmin} debug={debug} onSearch={go} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Paper withBorder p="md" component="section" aria-label="Open a hub by id">
          <Title order={4}>Open a hub by id</Title>
          <Text size="sm" c="dimmed" mb="xs">
            Watch one hub's messages live.
          </Text>
          <OpenHubForm />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function SearchArea({
  search,
  body,
  isAdmin,
  debug,
  onSearch,
}: {
  search: SupportPlusSearch;
  body: ReturnType<typeof searchBody>;
  isAdmin: boolean;
  debug: boolean;
  onSearch: (next: SupportPlusSearch) => void;
}) {
  const navigate = useNavigate({ from: Route.fullPath });
  const found = useQuery({ ...searchQueryOptions(body ?? { text: '' }), enabled: body !== null });
  const result = body && found.data && !found.isPlaceholderData ? found.data : null;
  const setDebug = (on: boolean) =>
    navigate({ search: (prev) => ({ ...prev, debug: on ? (1 as const) : undefined }), replace: true });

  return (
    <>
      <SearchBar
        search={search}
        onSearch={onSearch}
        isAdmin={isAdmin}
        debug={debug}
        onDebug={setDebug}
        resultCount={result ? result.users.length + result.structures.length : null}
      />
      {debug && body && (
        <Paper withBorder p="md" component="section" aria-label="Debug">
          <Title order={5}>Request</Title>
          <Code block>{`POST /api/supportPlus/search\n${JSON.stringify(body, null, 2)}`}</Code>
          <Title order={5} mt="sm">
            Response
          </Title>
          <Code block mah={400} style={{ overflow: 'auto' }}>
            {found.isError
              ? JSON.stringify({ error: errorMessage(found.error) }, null, 2)
              : JSON.stringify(found.data ?? null, null, 2)}
          </Code>
        </Paper>
      )}
      {body === null ? (
        <SupportPlusOverview />
      ) : found.isError ? (
        <Alert color="red" title="The search failed">
          {errorMessage(found.error)}
        </Alert>
      ) : !found.data ? (
        <Loader size="sm" aria-label="Searching" />
      ) : (
        <div
          aria-busy={found.isPlaceholderData}
          style={found.isPlaceholderData ? { opacity: 0.5 } : undefined}
        >
          <SearchResults
            result={found.data}
            all={search.all === true}
            loading={found.isFetching}
            onLoadAll={() => navigate({ search: (prev) => ({ ...prev, all: true }) })}
          />
        </div>
      )}
      {result === null && found.isFetching && body && found.data && (
        <Loader size="xs" aria-label="Searching" />
      )}
    </>
  );
}
