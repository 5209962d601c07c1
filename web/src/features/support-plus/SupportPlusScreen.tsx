import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { OpenHubForm } from './hub/OpenHubForm.tsx';
import { OverviewNotes } from './overview/OverviewNotes.tsx';
import { RecentFailedCommands } from './overview/RecentFailedCommands.tsx';
import { SearchArea } from './search/SearchArea.tsx';
import { isLocalHost, type SupportPlusSearch, searchBody } from './search/search-params.ts';
import { useSearchLists } from './search/use-search-lists.ts';

const route = getRouteApi('/_auth/supportPlus/');

/**
 * /supportPlus?searchterm&debug&hostName (seed 001 §2): the search bar; the results when a search
 * is in the URL, else the overview; and opening a hub's live monitor by id. Changing the query
 * does not reload the screen: only the search's own query runs.
 */
export function SupportPlusScreen() {
  const me = useCurrentUser();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const loadLists = useSearchLists((s) => s.load);
  useEffect(() => loadLists(me.email), [loadLists, me.email]);

  const isAdmin = me.roles.includes('admin');
  // On a local host (a developer's own console) Debug is always on; elsewhere an admin's ?debug=1.
  const local = isLocalHost(window.location.hostname);
  const debug = local || (isAdmin && search.debug === 1);
  const body = searchBody(search);
  const go = (next: SupportPlusSearch) =>
    navigate({
      search: { ...next, ...(debug && !local ? { debug: 1 as const } : {}), hostName: search.hostName },
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <Stack gap="md">
          <Title order={1}>Support Plus</Title>
          <SearchArea {...{ search, body, isAdmin, debug, local }} onSearch={go} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Paper withBorder p="md" component="section" aria-label="Open a hub by id">
          <Title order={2}>Open a hub by id</Title>
          <Text size="sm" c="dimmed" mb="xs">
            Watch one hub's messages live.
          </Text>
          <OpenHubForm />
        </Paper>
        {!body && (
          <Stack gap="md" mt="md">
            <RecentFailedCommands />
            <OverviewNotes />
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
